#pragma once
// A plain data tree (null, bool, integer, number, string, list, map): what
// crosses between Lua tables, YAML files and the JSON event log. Maps keep
// their keys sorted, so a value has one canonical text (for hashing and logs).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace sandtable {

class Value {
public:
  using List = std::vector<Value>;
  using Map = std::map<std::string, Value>;

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : v_(b) {}
  Value(int i) : v_(static_cast<std::int64_t>(i)) {}
  Value(std::int64_t i) : v_(i) {}
  Value(double d) : v_(d) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(List l) : v_(std::make_shared<List>(std::move(l))) {}
  Value(Map m) : v_(std::make_shared<Map>(std::move(m))) {}

  bool is_null() const { return v_.index() == 0; }
  bool is_bool() const { return v_.index() == 1; }
  bool is_int() const { return v_.index() == 2; }
  bool is_number() const { return v_.index() == 2 || v_.index() == 3; }
  bool is_string() const { return v_.index() == 4; }
  bool is_list() const { return v_.index() == 5; }
  bool is_map() const { return v_.index() == 6; }

  bool as_bool() const { return std::get<bool>(v_); }
  std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  double as_number() const { return is_int() ? static_cast<double>(as_int()) : std::get<double>(v_); }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const List& as_list() const { return *std::get<std::shared_ptr<List>>(v_); }
  const Map& as_map() const { return *std::get<std::shared_ptr<Map>>(v_); }
  List& as_list() { return mutable_list(); }
  Map& as_map() { return mutable_map(); }

  // Map access; missing keys give null.
  const Value& operator[](const std::string& key) const;
  Value& set(const std::string& key, Value v);
  void push(Value v) { mutable_list().push_back(std::move(v)); }

  // Compact JSON text, keys sorted (the canonical text).
  std::string to_json() const;
  bool operator==(const Value& other) const { return to_json() == other.to_json(); }

private:
  List& mutable_list();
  Map& mutable_map();
  // Lists and maps are shared until written (copy-on-write), so snapshots are cheap.
  std::variant<std::monostate, bool, std::int64_t, double, std::string, std::shared_ptr<List>,
               std::shared_ptr<Map>>
      v_;
};

} // namespace sandtable
