// Writing results: every write, flush and close is checked, so a full disk or
// a closed pipe is an error with a non-zero exit instead of a 0-byte file and
// exit 0; output paths are checked before the work that fills them.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/errors.hpp"

namespace sandtable::cli {
namespace {

std::string reason(int err) { return err ? std::strerror(err) : "an error of the output stream"; }

} // namespace

void check_writable(const std::string& path, const char* what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (fs::is_directory(p, ec))
    throw Error(fmt::format("{}: cannot write the {} here: it is a directory", path, what));
  if (!fs::is_directory(dir, ec))
    throw Error(fmt::format("{}: cannot write here: there is no directory {}", path, dir.string()));
  // Open for appending: proves the file can be written without truncating one
  // that exists; a file made here only for the check is removed again.
  const bool existed = fs::exists(p, ec);
  errno = 0;
  std::FILE* f = std::fopen(path.c_str(), "ab");
  if (!f) throw Error(fmt::format("{}: cannot write the {} here: {}", path, what, reason(errno)));
  std::fclose(f);
  if (!existed) fs::remove(p, ec);
}

void write_text_file(const std::string& path, const std::string& text, const char* what) {
  errno = 0;
  std::ofstream out(path, std::ios::trunc | std::ios::binary);
  if (!out) throw Error(fmt::format("{}: cannot write the {} here: {}", path, what, reason(errno)));
  out << text;
  out.flush();
  const int write_errno = errno;
  out.close();  // the last buffer goes out here: a full disk shows now, or never
  if (!out) throw Error(fmt::format("{}: writing the {} failed: {}", path, what, reason(errno ? errno : write_errno)));
}

void finish_stdout() {
  errno = 0;
  std::cout.flush();
  int err = errno;
  // A write that failed earlier (a buffer that filled up) leaves the error
  // flag set but errno long overwritten: flushing once more finds the cause.
  const bool flushed = std::fflush(stdout) == 0;
  if (!err) err = errno;
  if (std::cout && flushed && !std::ferror(stdout)) return;
  if (!err) {
    std::clearerr(stdout);
    errno = 0;
    if (std::fputc('\n', stdout) == EOF || std::fflush(stdout) != 0) err = errno;
  }
  throw Error(fmt::format("writing to standard output failed: {}", err ? std::strerror(err) : "the output was lost"));
}

} // namespace sandtable::cli
