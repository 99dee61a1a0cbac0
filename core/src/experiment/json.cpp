#include "sandtable/experiment/json.hpp"

#include <cerrno>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "sandtable/errors.hpp"

namespace sandtable::experiment {
namespace {

class Parser {
public:
  explicit Parser(std::string_view text) : s_(text) {}

  Value document() {
    Value v = value(0);
    skip_space();
    if (pos_ != s_.size()) fail("text after the value");
    return v;
  }

private:
  [[noreturn]] void fail(const char* what) const {
    throw Error(fmt::format("invalid JSON at character {}: {}", pos_ + 1, what));
  }
  void skip_space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool eat(char c) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == c) { ++pos_; return true; }
    return false;
  }
  void expect(char c, const char* what) {
    if (!eat(c)) fail(what);
  }
  bool literal(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Value value(int depth) {
    if (depth > 200) fail("nested too deeply");
    skip_space();
    if (pos_ >= s_.size()) fail("a value was expected");
    const char c = s_[pos_];
    if (c == '{') {
      ++pos_;
      Value m(Value::Map{});
      if (eat('}')) return m;
      do {
        skip_space();
        if (pos_ >= s_.size() || s_[pos_] != '"') fail("a key (a string) was expected");
        std::string key = string();
        expect(':', "':' was expected after a key");
        m.as_map()[key] = value(depth + 1);
      } while (eat(','));
      expect('}', "',' or '}' was expected");
      return m;
    }
    if (c == '[') {
      ++pos_;
      Value l(Value::List{});
      if (eat(']')) return l;
      do l.push(value(depth + 1));
      while (eat(','));
      expect(']', "',' or ']' was expected");
      return l;
    }
    if (c == '"') return Value(string());
    if (literal("null")) return Value();
    if (literal("true")) return Value(true);
    if (literal("false")) return Value(false);
    return number();
  }

  Value number() {
    const std::size_t start = pos_;
    bool integral = true;
    if (pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) ++pos_;
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c >= '0' && c <= '9') ++pos_;
      else if (c == '.' || c == 'e' || c == 'E' || ((c == '-' || c == '+') && pos_ > start &&
                                                      (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E'))) {
        integral = false;
        ++pos_;
      } else break;
    }
    if (pos_ == start) fail("a value was expected");
    const std::string text(s_.substr(start, pos_ - start));
    char* end = nullptr;
    if (integral) {
      errno = 0;
      const long long i = std::strtoll(text.c_str(), &end, 10);
      if (errno == 0 && end && *end == '\0') return Value(static_cast<std::int64_t>(i));
    }
    errno = 0;
    const double d = std::strtod(text.c_str(), &end);
    if (!end || *end != '\0') fail("a number was expected");
    return Value(d);
  }

  unsigned hex4() {
    if (pos_ + 4 > s_.size()) fail("\\u needs four hex digits");
    unsigned u = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[pos_++];
      u <<= 4;
      if (c >= '0' && c <= '9') u |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') u |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') u |= static_cast<unsigned>(c - 'A' + 10);
      else fail("\\u needs four hex digits");
    }
    return u;
  }

  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += static_cast<char>(cp);
    else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string string() {
    ++pos_;  // the opening quote
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("unterminated string");
      const char c = s_[pos_++];
      if (c == '"') return out;
      if (c != '\\') { out += c; continue; }
      if (pos_ >= s_.size()) fail("unterminated string");
      const char e = s_[pos_++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned cp = hex4();
        if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
          pos_ += 2;
          const unsigned low = hex4();
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        utf8(out, cp);
        break;
      }
      default: fail("unknown escape in a string");
      }
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

} // namespace

Value parse_json(std::string_view text) { return Parser(text).document(); }

} // namespace sandtable::experiment
