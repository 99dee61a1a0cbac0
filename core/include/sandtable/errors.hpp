#pragma once
// Errors a user can cause. Each says where (file, line, column when known),
// what was expected and what was found; the program prints what() and exits
// non-zero.
#include <stdexcept>
#include <string>

namespace sandtable {

class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The system would not give the memory asked for (a Lua state under
// `ulimit -v`): callers that can go on with less (fewer workers) catch it.
class OutOfMemory : public Error {
public:
  using Error::Error;
};

// An error located in a file: "scenario.yaml:12:5: expected a number, found 'ten'".
class LocatedError : public Error {
public:
  LocatedError(std::string file, int line, int column, const std::string& message)
      : Error(format(file, line, column, message)), file_(std::move(file)), line_(line),
        column_(column) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

private:
  static std::string format(const std::string& file, int line, int column, const std::string& m) {
    std::string where = file;
    if (line > 0) where += ":" + std::to_string(line);
    if (column > 0) where += ":" + std::to_string(column);
    return where + ": " + m;
  }
  std::string file_;
  int line_;
  int column_;
};

} // namespace sandtable
