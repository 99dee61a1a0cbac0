#include "sandtable/yaml_io.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "sandtable/errors.hpp"

namespace sandtable {
namespace {

using Marks = std::map<std::string, std::pair<int, int>>;

Value from_node(const YAML::Node& node, const std::string& file, const std::string& path, Marks* marks) {
  if (marks) (*marks)[path] = {node.Mark().line + 1, node.Mark().column + 1};
  switch (node.Type()) {
  case YAML::NodeType::Null:
  case YAML::NodeType::Undefined: return Value();
  case YAML::NodeType::Scalar: {
    const std::string& s = node.Scalar();
    if (node.Tag() == "!") return Value(s);  // quoted: always a string
    if (s == "true" || s == "yes") return Value(true);
    if (s == "false" || s == "no") return Value(false);
    std::int64_t i;
    if (YAML::convert<std::int64_t>::decode(node, i)) return Value(i);
    double d;
    if (!s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.') &&
        YAML::convert<double>::decode(node, d))
      return Value(d);
    return Value(s);
  }
  case YAML::NodeType::Sequence: {
    Value::List list;
    for (const auto& item : node)
      list.push_back(from_node(item, file, path + "/" + std::to_string(list.size()), marks));
    return Value(std::move(list));
  }
  case YAML::NodeType::Map: {
    Value::Map map;
    for (const auto& kv : node) {
      if (!kv.first.IsScalar()) {
        const auto mark = kv.first.Mark();
        throw LocatedError(file, mark.line + 1, mark.column + 1, "expected a plain key, found a list or map");
      }
      const std::string key = kv.first.Scalar();
      if (map.count(key)) {
        const auto mark = kv.first.Mark();
        throw LocatedError(file, mark.line + 1, mark.column + 1, fmt::format("duplicate key '{}'", key));
      }
      map.emplace(key, from_node(kv.second, file, path + "/" + key, marks));
      // A key's problems (unknown, wrong type) are reported where the key is written.
      if (marks) (*marks)[path + "/" + key] = {kv.first.Mark().line + 1, kv.first.Mark().column + 1};
    }
    return Value(std::move(map));
  }
  }
  return Value();
}

// True when a string written plain would be read back as something else
// (a number, a boolean or null) by from_node above. (Fix found by
// tests/core/state_test.cpp: a unit named "12" came back nameless, "007"
// came back as 7 and "yes" as true.)
bool reads_back_as_other(const std::string& s) {
  if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") return true;
  return !from_node(YAML::Node(s), "", "", nullptr).is_string();
}

void emit(YAML::Emitter& out, const Value& v) {
  if (v.is_null()) out << YAML::Null;
  else if (v.is_bool()) out << v.as_bool();
  else if (v.is_int()) out << v.as_int();
  else if (v.is_number()) out << v.as_number();
  else if (v.is_string()) {
    if (reads_back_as_other(v.as_string())) out << YAML::DoubleQuoted;
    out << v.as_string();
  }
  else if (v.is_list()) {
    const bool flat = [&] {
      for (const auto& item : v.as_list())
        if (item.is_list() || item.is_map()) return false;
      return v.as_list().size() <= 8;
    }();
    if (flat) out << YAML::Flow;
    out << YAML::BeginSeq;
    for (const auto& item : v.as_list()) emit(out, item);
    out << YAML::EndSeq;
  } else {
    out << YAML::BeginMap;
    for (const auto& [k, item] : v.as_map()) {
      out << YAML::Key << k << YAML::Value;
      emit(out, item);
    }
    out << YAML::EndMap;
  }
}

} // namespace

Value parse_yaml(const std::string& text, const std::string& name) {
  return parse_yaml_doc(text, name).root;
}

YamlDoc parse_yaml_doc(const std::string& text, const std::string& name) {
  try {
    YamlDoc doc;
    doc.file = name;
    doc.root = from_node(YAML::Load(text), name, "", &doc.marks);
    return doc;
  } catch (const YAML::Exception& e) {
    // yaml-cpp marks are 0-based; editors count from 1.
    throw LocatedError(name, e.mark.line + 1, e.mark.column + 1, e.msg);
  }
}

YamlDoc load_yaml_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(fmt::format("{}: cannot open the file", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_yaml_doc(buffer.str(), path);
}

LocatedError YamlDoc::error_at(const std::string& path, const std::string& message) const {
  // The nearest recorded ancestor: a missing key is reported at its parent.
  std::string p = path;
  for (;;) {
    const auto it = marks.find(p);
    if (it != marks.end()) return LocatedError(file, it->second.first, it->second.second, message);
    const auto slash = p.rfind('/');
    if (slash == std::string::npos) return LocatedError(file, 0, 0, message);
    p = p.substr(0, slash);
  }
}

std::string to_yaml(const Value& value) {
  YAML::Emitter out;
  emit(out, value);
  return std::string(out.c_str()) + "\n";
}

} // namespace sandtable
