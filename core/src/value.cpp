#include "sandtable/value.hpp"

#include <cmath>
#include <fmt/format.h>

namespace sandtable {

const Value& Value::operator[](const std::string& key) const {
  static const Value null;
  if (!is_map()) return null;
  const auto& m = as_map();
  const auto it = m.find(key);
  return it == m.end() ? null : it->second;
}

Value& Value::set(const std::string& key, Value v) {
  auto& m = mutable_map();
  return m[key] = std::move(v);
}

Value::List& Value::mutable_list() {
  if (is_null()) v_ = std::make_shared<List>();
  auto& p = std::get<std::shared_ptr<List>>(v_);
  if (p.use_count() > 1) p = std::make_shared<List>(*p);
  return *p;
}

Value::Map& Value::mutable_map() {
  if (is_null()) v_ = std::make_shared<Map>();
  auto& p = std::get<std::shared_ptr<Map>>(v_);
  if (p.use_count() > 1) p = std::make_shared<Map>(*p);
  return *p;
}

namespace {

void write_string(std::string& out, const std::string& s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c < 0x20) out += fmt::format("\\u{:04x}", c);
      else out += ch;
    }
  }
  out += '"';
}

void write(std::string& out, const Value& v) {
  if (v.is_null()) out += "null";
  else if (v.is_bool()) out += v.as_bool() ? "true" : "false";
  else if (v.is_int()) out += std::to_string(v.as_int());
  else if (v.is_number()) {
    const double d = v.as_number();
    out += std::isfinite(d) ? fmt::format("{}", d) : "null";
  } else if (v.is_string()) write_string(out, v.as_string());
  else if (v.is_list()) {
    out += '[';
    bool first = true;
    for (const auto& item : v.as_list()) {
      if (!first) out += ',';
      first = false;
      write(out, item);
    }
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& [k, item] : v.as_map()) {
      if (!first) out += ',';
      first = false;
      write_string(out, k);
      out += ':';
      write(out, item);
    }
    out += '}';
  }
}

} // namespace

std::string Value::to_json() const {
  std::string out;
  write(out, *this);
  return out;
}

} // namespace sandtable
