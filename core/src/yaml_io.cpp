#include "sandtable/yaml_io.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include "sandtable/errors.hpp"

namespace sandtable {
namespace {

using Marks = std::map<std::string, std::pair<int, int>>;

// Bounds on what one document may expand to. Aliases share nodes in the
// parsed tree, so a small file can stand for an endless one: an alias inside
// the node it names (`x: &a [*a]`, a cycle) or aliases of aliases ("billion
// laughs", 9^10 nodes from 11 lines). Both are refused before they are
// expanded, at the place they are written. (Fix: a stack overflow, and over
// 30 s and 1 GB.)
constexpr int kMaxDepth = 200;
constexpr std::size_t kMaxNodes = 200'000;

struct Walk {
  std::vector<const YAML::Node*> stack;  // the nodes being read, outermost first
  std::size_t nodes = 0;
};

[[noreturn]] void too_deep(const YAML::Node& node, const std::string& file, const Walk& walk) {
  const auto mark = node.Mark();
  for (const YAML::Node* outer : walk.stack)
    if (outer->is(node))
      throw LocatedError(file, mark.line + 1, mark.column + 1,
                         "an alias refers to the node that contains it (an endless structure); "
                         "expected a structure that ends");
  throw LocatedError(file, mark.line + 1, mark.column + 1,
                     fmt::format("nested too deep (more than {} levels); expected at most {} levels of lists and maps",
                                 kMaxDepth, kMaxDepth));
}

Value from_node(const YAML::Node& node, const std::string& file, const std::string& path, Marks* marks, Walk& walk) {
  if (walk.stack.size() >= static_cast<std::size_t>(kMaxDepth)) too_deep(node, file, walk);
  if (++walk.nodes > kMaxNodes) {
    const auto mark = node.Mark();
    throw LocatedError(file, mark.line + 1, mark.column + 1,
                       fmt::format("the document expands to more than {} nodes (aliases of aliases?); expected a "
                                   "smaller document",
                                   kMaxNodes));
  }
  walk.stack.push_back(&node);
  struct Pop {
    Walk& w;
    ~Pop() { w.stack.pop_back(); }
  } pop{walk};
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
      list.push_back(from_node(item, file, path + "/" + std::to_string(list.size()), marks, walk));
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
      map.emplace(key, from_node(kv.second, file, path + "/" + key, marks, walk));
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
  // A control character or an edge space may be written plain and read back
  // changed (a trailing carriage return is taken for a line break: found by
  // tests/fuzz); written double-quoted, each is escaped and reads back as is.
  if (s.front() == ' ' || s.back() == ' ') return true;
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return true;
  Walk walk;
  return !from_node(YAML::Node(s), "", "", nullptr, walk).is_string();
}

// The offset of the first byte that is not part of valid UTF-8, or npos.
std::size_t invalid_utf8_at(const std::string& t) {
  std::size_t i = 0;
  while (i < t.size()) {
    const auto c = static_cast<unsigned char>(t[i]);
    std::size_t n = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : 99;
    if (n == 99 || c == 0xC0 || c == 0xC1 || c > 0xF4 || i + n >= t.size() + (n ? 0 : 1)) return i;
    for (std::size_t k = 1; k <= n; ++k)
      if ((static_cast<unsigned char>(t[i + k]) >> 6) != 0x2) return i;
    i += n + 1;
  }
  return std::string::npos;
}

// YAML is Unicode text: a string that is not UTF-8 would be written with
// U+FFFD in place of its bytes and read back changed, so it is refused.
// (Found by tests/fuzz: a scenario with a stray byte did not round-trip.)
void check_utf8(const std::string& s) {
  if (invalid_utf8_at(s) != std::string::npos)
    throw Error(fmt::format("cannot write \"{}\" as YAML: it is not UTF-8 text", s));
}

// A double as text that from_node reads back as the same double, and as a
// double: the shortest exact form, with ".0" when it would read as an integer
// ("3" is the integer 3, "-0" the integer 0). (Fix: a strength of -0.0 came
// back as 0, 3.0 as 3, and yaml-cpp's default precision rounded others.)
std::string double_text(double d) {
  if (std::isnan(d)) return ".nan";
  if (std::isinf(d)) return d > 0 ? ".inf" : "-.inf";
  std::string t = fmt::format("{}", d);
  if (t.find_first_of(".eEn") == std::string::npos) t += ".0";
  return t;
}

void emit(YAML::Emitter& out, const Value& v) {
  if (v.is_null()) out << YAML::Null;
  else if (v.is_bool()) out << v.as_bool();
  else if (v.is_int()) out << v.as_int();
  else if (v.is_number()) out << double_text(v.as_number());
  else if (v.is_string()) {
    check_utf8(v.as_string());
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
      check_utf8(k);
      out << YAML::Key << k << YAML::Value;
      emit(out, item);
    }
    out << YAML::EndMap;
  }
}

// yaml-cpp refuses nesting past 500 levels itself, but says only "bad file"
// at the place its scanner had reached (the end of a flow list). This scan
// finds where flow brackets first nest deeper than kMaxDepth, for a message
// at that place. It skips quoted text and comments; a stray bracket in plain
// text can only make it report a little early or late, never refuse a file
// nested less than kMaxDepth levels deep in fact. (Fix: deeply nested YAML
// was reported as "bad file".)
void check_flow_depth(const std::string& text, const std::string& name) {
  int depth = 0, line = 1, column = 0;
  char quote = 0;
  bool comment = false;
  char prev = '\n';
  for (const char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      comment = false;
    } else if (comment) {
    } else if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '#' && (prev == ' ' || prev == '\t' || prev == '\n')) {
      comment = true;
    } else if ((c == '"' || c == '\'') && (depth > 0 || prev == ' ' || prev == '\n' || prev == ':')) {
      quote = c;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth)
        throw LocatedError(name, line, column,
                           fmt::format("nested too deep (more than {} levels); expected at most {} levels of lists "
                                       "and maps",
                                       kMaxDepth, kMaxDepth));
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    prev = c;
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
    // Control characters (NUL above all) are not YAML text; with NULs first
    // yaml-cpp would even read the file as UTF-16 or UTF-32. (Found by
    // tests/fuzz.)
    std::size_t bad = invalid_utf8_at(text);
    const char* what = "is not UTF-8 text; expected a file saved as UTF-8";
    for (std::size_t i = 0; i < text.size() && i < bad; ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
        bad = i;
        what = "is a control character; expected text";
        break;
      }
    }
    if (bad != std::string::npos) {
      const auto line_start = text.rfind('\n', bad == 0 ? 0 : bad - 1);
      const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
      const auto column = static_cast<int>(bad - (line_start == std::string::npos || bad == 0 ? 0 : line_start + 1)) + 1;
      throw LocatedError(name, static_cast<int>(line), column,
                         fmt::format("byte 0x{:02X} {}", static_cast<unsigned char>(text[bad]), what));
    }
    check_flow_depth(text, name);
    Walk walk;
    doc.root = from_node(YAML::Load(text), name, "", &doc.marks, walk);
    return doc;
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own guard says only "bad file".
    // (Block nesting: the scanner's line is near enough; its column is not.)
    throw LocatedError(name, e.mark.line + 1, 0,
                       fmt::format("nested too deep (more than {} levels); expected at most {} levels of lists and maps",
                                   e.depth(), kMaxDepth));
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
