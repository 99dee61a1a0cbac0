#include "sandtable/experiment/trials_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "sandtable/errors.hpp"
#include "sandtable/experiment/json.hpp"
#include "sandtable/rng.hpp"

#ifndef SANDTABLE_VERSION
#define SANDTABLE_VERSION "unknown"
#endif

namespace sandtable::experiment {
namespace {

constexpr const char* kMarker = "sandtable_trials";

std::string hash_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read it", path));
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a 64
  char buf[65536];
  while (in) {
    in.read(buf, sizeof buf);
    for (std::streamsize k = 0; k < in.gcount(); ++k) {
      h ^= static_cast<unsigned char>(buf[k]);
      h *= 1099511628211ull;
    }
  }
  return fmt::format("fnv1a64:{:016x}", h);
}

std::uint64_t as_u64(const Value& v, const std::string& path, const char* field) {
  if (!v.is_int() || v.as_int() < 0) throw Error(fmt::format("{}: the header's '{}' is not a count", path, field));
  return static_cast<std::uint64_t>(v.as_int());
}

std::string short_json(const Value& v) {
  std::string s = v.to_json();
  return s.size() > 120 ? s.substr(0, 117) + "..." : s;
}

void write_all(int fd, const std::string& text, const std::string& path) {
  std::size_t off = 0;
  while (off < text.size()) {
    const ssize_t n = ::write(fd, text.data() + off, text.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(fmt::format("{}: writing the trial results failed: {}", path, std::strerror(errno)));
    }
    off += static_cast<std::size_t>(n);
  }
}

} // namespace

std::string Shard::text() const { return fmt::format("{}/{}", k, n); }

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard s;
  try {
    if (slash == std::string::npos) throw 0;
    std::size_t used = 0;
    const std::string a = text.substr(0, slash), b = text.substr(slash + 1);
    s.k = std::stoull(a, &used);
    if (used != a.size()) throw 0;
    s.n = std::stoull(b, &used);
    if (used != b.size()) throw 0;
  } catch (...) {
    throw Error(fmt::format("--shard '{}': expected K/N, e.g. 3/8 (shard 3 of 8)", text));
  }
  if (s.n == 0 || s.k < 1 || s.k > s.n)
    throw Error(fmt::format("--shard '{}': K must be 1 to N (shards are numbered from 1)", text));
  return s;
}

Value make_header(const Spec& spec, const RunInfo& info) {
  Value variants(Value::List{});
  for (const auto& v : spec.variants) variants.push(Value(Value::Map{{"name", v.name}, {"params", v.params}}));
  Value inputs(Value::Map{});
  for (const auto& path : info.inputs) inputs.set(path, hash_file(path));
  Value h(Value::Map{});
  h.set(kMarker, 1);
  h.set("engine", std::string(SANDTABLE_VERSION));
  h.set("title", info.title);
  h.set("module", spec.module);
  h.set("seed", static_cast<std::int64_t>(spec.seed));
  h.set("trials", static_cast<std::int64_t>(spec.trials));
  h.set("until_ci", spec.until_ci);
  h.set("batch", static_cast<std::int64_t>(spec.batch));
  h.set("trial_timeout", spec.watchdog_seconds);
  h.set("variants", variants);
  h.set("inputs", inputs);
  h.set("args", info.args);
  if (info.summary_extra.is_map() && !info.summary_extra.as_map().empty()) h.set("summary_extra", info.summary_extra);
  if (!info.shard.whole()) h.set("shard", info.shard.text());
  return h;
}

Spec spec_from_header(const Value& header) {
  Spec spec;
  spec.module = header["module"].is_string() ? header["module"].as_string() : "";
  spec.seed = as_u64(header["seed"], "trials file", "seed");
  spec.trials = as_u64(header["trials"], "trials file", "trials");
  spec.until_ci = header["until_ci"].is_number() ? header["until_ci"].as_number() : 0;
  spec.batch = header["batch"].is_int() ? static_cast<std::uint64_t>(header["batch"].as_int()) : spec.batch;
  if (header["trial_timeout"].is_number()) spec.watchdog_seconds = header["trial_timeout"].as_number();
  if (header["variants"].is_list())
    for (const auto& v : header["variants"].as_list())
      spec.variants.push_back({v["name"].is_string() ? v["name"].as_string() : "", v["params"]});
  return spec;
}

Shard shard_of(const Value& header) {
  if (!header["shard"].is_string()) return {};
  return parse_shard(header["shard"].as_string());
}

std::uint64_t trial_seed(std::uint64_t seed, std::uint64_t index) { return Rng::derive(seed, index) >> 1; }

std::string trial_line(const Spec& spec, std::size_t variant, const TrialResult& t) {
  Value line(Value::Map{{"variant", spec.variants[variant].name},
                        {"trial", static_cast<std::int64_t>(t.index)},
                        {"seed", static_cast<std::int64_t>(t.seed)}});
  if (t.skipped) line.set("skipped", true);
  else if (t.failed) line.set("error", t.error);
  else line.set("result", t.result);
  return line.to_json();
}

std::string format_trials_file(const Value& header, const Spec& spec, const Outcome& outcome) {
  std::string out = header.to_json() + "\n";
  for (std::size_t v = 0; v < outcome.results.size(); ++v)
    for (const auto& t : outcome.results[v])
      if (t.done) out += trial_line(spec, v, t) + "\n";
  return out;
}

Value read_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read it ({})", path, std::strerror(errno)));
  std::string first;
  std::getline(in, first);
  Value h;
  try {
    h = parse_json(first);
  } catch (const std::exception&) {
  }
  if (!h[kMarker].is_int())
    throw Error(fmt::format("{}: not a sandtable trials file (its first line is not the header that "
                            "`sandtable sim --trials-out` writes)",
                            path));
  return h;
}

TrialsFile read_trials_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read it ({})", path, std::strerror(errno)));
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_trials_text(path, ss.str());
}

TrialsFile parse_trials_text(const std::string& path, const std::string& text) {
  TrialsFile f;
  f.path = path;
  std::size_t pos = 0, line_no = 0;
  auto next_line = [&](std::string_view& line, bool& whole) {
    if (pos >= text.size()) return false;
    const auto nl = text.find('\n', pos);
    whole = nl != std::string::npos;
    const std::size_t end = whole ? nl : text.size();
    line = std::string_view(text).substr(pos, end - pos);
    pos = whole ? nl + 1 : text.size();
    ++line_no;
    return true;
  };
  std::string_view line;
  bool whole = false;
  if (!next_line(line, whole))
    throw Error(fmt::format("{}: empty (a trials file starts with a header line)", path));
  try {
    f.header = parse_json(line);
  } catch (const std::exception&) {
  }
  if (!f.header[kMarker].is_int())
    throw Error(fmt::format("{}: not a sandtable trials file (its first line is not the header that "
                            "`sandtable sim --trials-out` writes)",
                            path));
  if (f.header[kMarker].as_int() != 1)
    throw Error(fmt::format("{}: trials file format {} is not known to this sandtable ({})", path,
                            f.header[kMarker].as_int(), SANDTABLE_VERSION));
  f.spec = spec_from_header(f.header);
  if (f.spec.variants.empty()) throw Error(fmt::format("{}: the header names no variant", path));
  f.outcome.results.assign(f.spec.variants.size(), std::vector<TrialResult>(f.spec.trials));
  while (next_line(line, whole)) {
    if (line.empty()) continue;
    Value v;
    try {
      v = parse_json(line);
    } catch (const std::exception& e) {
      if (!whole) {  // the last line, cut short by a kill: that trial is simply not done
        f.torn_tail = true;
        break;
      }
      throw Error(fmt::format("{}:{}: {}", path, line_no, e.what()));
    }
    if (!whole && !v.is_map()) {
      f.torn_tail = true;
      break;
    }
    const Value& name = v["variant"];
    const Value& trial = v["trial"];
    const Value& seed = v["seed"];
    if (!name.is_string() || !trial.is_int() || !seed.is_int() || trial.as_int() < 0)
      throw Error(fmt::format("{}:{}: not a trial line (variant, trial and seed expected)", path, line_no));
    std::size_t vi = 0;
    while (vi < f.spec.variants.size() && f.spec.variants[vi].name != name.as_string()) ++vi;
    if (vi == f.spec.variants.size())
      throw Error(fmt::format("{}:{}: variant '{}' is not in the header", path, line_no, name.as_string()));
    const auto i = static_cast<std::uint64_t>(trial.as_int());
    if (i >= f.spec.trials)
      throw Error(fmt::format("{}:{}: trial {} is beyond the header's {} trials", path, line_no, i, f.spec.trials));
    const std::uint64_t want = trial_seed(f.spec.seed, i);
    if (static_cast<std::uint64_t>(seed.as_int()) != want)
      throw Error(fmt::format("{}:{}: trial {} has seed {}, but seed {} gives it {}", path, line_no, i,
                              seed.as_int(), f.spec.seed, want));
    TrialResult& r = f.outcome.results[vi][i];
    if (r.done) {
      f.duplicates.push_back(fmt::format("trial {} of {}", i, name.as_string()));
      continue;
    }
    r.index = i;
    r.seed = want;
    r.done = true;
    if (v["skipped"].is_bool() && v["skipped"].as_bool()) r.skipped = true;
    else if (v["error"].is_string()) {
      r.failed = true;
      r.error = v["error"].as_string();
    } else r.result = v["result"];
    ++f.lines;
  }
  f.outcome.trials_run = f.spec.trials;
  return f;
}

std::string header_difference(const Value& a, const Value& b) {
  static const std::pair<const char*, const char*> fields[] = {
      {"engine", "engine version"}, {"module", "trial module"}, {"title", "experiment"},
      {"seed", "seed"}, {"trials", "trial count"}, {"until_ci", "--until-ci"},
      {"batch", "round size"}, {"trial_timeout", "trial timeout"}, {"inputs", "input files or their contents"},
      {"args", "options"}};
  for (const auto& [key, what] : fields) {
    if (a[key] == b[key]) continue;
    if (a[key].is_map() && b[key].is_map()) {  // name the first differing entry
      for (const auto& [k, x] : b[key].as_map())
        if (!(a[key][k] == x))
          return fmt::format("{}: {} ({} here, {} in the other)", what, k, short_json(x), short_json(a[key][k]));
      for (const auto& [k, x] : a[key].as_map())
        if (!(b[key][k] == x))
          return fmt::format("{}: {} ({} here, {} in the other)", what, k, short_json(b[key][k]), short_json(x));
    }
    return fmt::format("{} ({} here, {} in the other)", what, short_json(b[key]), short_json(a[key]));
  }
  const Value& va = a["variants"];
  const Value& vb = b["variants"];
  if (!(va == vb)) {
    const std::size_t na = va.is_list() ? va.as_list().size() : 0, nb = vb.is_list() ? vb.as_list().size() : 0;
    if (na != nb) return fmt::format("variants ({} here, {} in the other)", nb, na);
    for (std::size_t k = 0; k < na; ++k) {
      const Value& x = va.as_list()[k];
      const Value& y = vb.as_list()[k];
      if (!(x["name"] == y["name"]))
        return fmt::format("variants (variant {} is '{}' here, '{}' in the other)", k + 1, short_json(y["name"]),
                           short_json(x["name"]));
      if (!(x["params"] == y["params"]))
        return fmt::format("variants (the params of '{}' are {} here, {} in the other)",
                           y["name"].is_string() ? y["name"].as_string() : "?", short_json(y["params"]),
                           short_json(x["params"]));
    }
  }
  for (const auto& [key, value] : b.is_map() ? b.as_map() : Value::Map{})
    if (key != "shard" && !(a[key] == value)) return fmt::format("{} ({} here, {} in the other)", key, short_json(value), short_json(a[key]));
  for (const auto& [key, value] : a.is_map() ? a.as_map() : Value::Map{})
    if (key != "shard" && !(b[key] == value)) return fmt::format("{} ({} here, {} in the other)", key, short_json(b[key]), short_json(value));
  return "";
}

TrialsWriter::~TrialsWriter() { close(); }

void TrialsWriter::open(const std::string& path, const Value& header, bool append) {
  close();
  path_ = path;
  // Lines go out as trials finish only into a regular file (or a new one): a
  // device, a pipe or /dev/stdout gets the whole file once, at the end.
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  streaming_ = ec || !std::filesystem::exists(st) || std::filesystem::is_regular_file(st);
  if (!streaming_) return;
  if (append) {
    // Cut a torn last line (a kill mid-write) so the next line starts whole.
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const auto last_nl = text.rfind('\n');
    const off_t keep = last_nl == std::string::npos ? 0 : static_cast<off_t>(last_nl + 1);
    if (static_cast<std::size_t>(keep) != text.size() && ::truncate(path.c_str(), keep) != 0)
      throw Error(fmt::format("{}: cannot cut its torn last line ({})", path, std::strerror(errno)));
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0) throw Error(fmt::format("{}: cannot append the trial results to it: {}", path, std::strerror(errno)));
    if (keep == 0) write_all(fd_, header.to_json() + "\n", path_);
    return;
  }
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw Error(fmt::format("{}: cannot write the trial results here: {}", path, std::strerror(errno)));
  write_all(fd_, header.to_json() + "\n", path_);
}

void TrialsWriter::append(const std::string& line) {
  if (fd_ < 0) return;
  write_all(fd_, line + "\n", path_);
}

void TrialsWriter::finish(const std::string& text) {
  close();
  if (!streaming_) {  // a device or a pipe: written once, in place
    const int fd = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw Error(fmt::format("{}: cannot write the trial results here: {}", path_, std::strerror(errno)));
    try {
      write_all(fd, text, path_);
    } catch (...) {
      ::close(fd);
      throw;
    }
    ::close(fd);
    return;
  }
  // A regular file is replaced whole: written beside it (beside the file a
  // symbolic link points to), then renamed over it.
  std::error_code ec;
  std::string target = path_;
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(path_, ec))) {
    const auto resolved = std::filesystem::canonical(path_, ec);
    if (!ec) target = resolved.string();
  }
  const std::string tmp = target + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(fmt::format("{}: cannot write the trial results here: {}", tmp, std::strerror(errno)));
  try {
    write_all(fd, text, tmp);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  if (std::rename(tmp.c_str(), target.c_str()) != 0)
    throw Error(fmt::format("{}: cannot replace it with {}: {}", target, tmp, std::strerror(errno)));
}

void TrialsWriter::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void derive_stopped(const Spec& spec, Outcome& outcome) {
  outcome.stopped.assign(outcome.results.size(), "");
  for (std::size_t v = 0; v < outcome.results.size(); ++v) {
    bool any_skipped = false;
    const TrialResult* first = nullptr;
    for (const auto& t : outcome.results[v]) {
      if (!t.done) continue;
      any_skipped = any_skipped || t.skipped;
      if (!first && t.failed && t.error.find("trial stopped by the watchdog") != std::string::npos) first = &t;
    }
    if (any_skipped && first)
      outcome.stopped[v] = fmt::format("trial {} (seed {}) ran past the {} s watchdog; the variant's remaining "
                                       "trials were skipped",
                                       first->index, first->seed, spec.watchdog_seconds);
  }
}

Outcome completed_only(const Outcome& outcome) {
  Outcome c;
  c.stopped = outcome.stopped;
  c.seconds = outcome.seconds;
  c.threads = outcome.threads;
  c.interrupted = outcome.interrupted;
  c.results.assign(outcome.results.size(), {});
  if (outcome.results.empty()) return c;
  std::size_t n = outcome.results[0].size();
  for (const auto& v : outcome.results) n = std::min(n, v.size());
  for (std::size_t i = 0; i < n; ++i) {
    bool all = true;
    for (const auto& v : outcome.results) all = all && v[i].done;
    if (!all) continue;
    for (std::size_t v = 0; v < outcome.results.size(); ++v) c.results[v].push_back(outcome.results[v][i]);
  }
  c.trials_run = c.results[0].size();
  return c;
}

std::uint64_t count_missing(const Spec& spec, const Outcome& outcome, std::uint64_t count, std::uint64_t stride,
                            std::uint64_t offset, std::string* first) {
  std::uint64_t missing = 0;
  for (std::size_t v = 0; v < spec.variants.size(); ++v)
    for (std::uint64_t i = offset; i < count; i += stride) {
      const bool done = v < outcome.results.size() && i < outcome.results[v].size() && outcome.results[v][i].done;
      if (done) continue;
      if (missing == 0 && first) *first = fmt::format("trial {} of {}", i, spec.variants[v].name);
      ++missing;
    }
  return missing;
}

} // namespace sandtable::experiment
