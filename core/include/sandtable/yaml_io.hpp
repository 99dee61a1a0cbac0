#pragma once
// YAML files in and out. Loading turns every problem into a LocatedError with
// file, line and column; writing produces block-style YAML a person can read.
#include <string>

#include "sandtable/errors.hpp"
#include "sandtable/value.hpp"

namespace sandtable {

// A YAML document with its file name and the position of every node, so a
// reader can report "scenario.yaml:7:3: expected a number for 'turns'".
// Node paths are "/key/0/key" ("" is the root).
struct YamlDoc {
  std::string file;
  Value root;
  std::map<std::string, std::pair<int, int>> marks;  // path -> (line, column), 1-based
  LocatedError error_at(const std::string& path, const std::string& message) const;
};

YamlDoc load_yaml_file(const std::string& path);
YamlDoc parse_yaml_doc(const std::string& text, const std::string& name);
Value parse_yaml(const std::string& text, const std::string& name);
std::string to_yaml(const Value& value);

} // namespace sandtable
