#pragma once
// The per-trial file (--trials-out): a header line saying what experiment
// the trials belong to, then one JSON line per finished (variant, trial).
//
// The header carries everything a merge or a resume must check: the engine
// version, the trial module, the seed, the trial count, the variants with
// their params, a hash of each input file, and for a shard which one it is.
// Lines are appended as trials finish, each with one write, so the file is
// valid after a kill; at the end of a run it is rewritten in (variant, trial)
// order, which makes it byte-identical for any thread, shard or rank count.
#include <cstdint>
#include <string>
#include <vector>

#include "sandtable/experiment/runner.hpp"

namespace sandtable::experiment {

// Shard K of N (1-based): the trials i with i % N == K - 1.
struct Shard {
  std::uint64_t k = 0, n = 0;  // n == 0: the whole experiment
  bool whole() const { return n == 0; }
  std::string text() const;  // "K/N"
};
// Parses "K/N"; throws Error naming the option on a bad value.
Shard parse_shard(const std::string& text);

// What a run writes in the header besides its spec.
struct RunInfo {
  std::string title;                // e.g. "Experiment: scenarios/x.yaml"
  std::vector<std::string> inputs;  // files whose contents define the experiment (hashed)
  Value args = Value(Value::Map{}); // the command's own options, kept for --resume
  Value summary_extra = Value(Value::Map{});  // fields the summary carries besides the results' (e.g. side names)
  Shard shard;
};

Value make_header(const Spec& spec, const RunInfo& info);
// The spec's experiment fields (module, seed, trials, until_ci, batch,
// watchdog, variants) from a header; host options are the caller's.
Spec spec_from_header(const Value& header);
Shard shard_of(const Value& header);

// The seed of trial i under the experiment seed (as the runner derives it).
std::uint64_t trial_seed(std::uint64_t seed, std::uint64_t index);

// One trial line (no newline).
std::string trial_line(const Spec& spec, std::size_t variant, const TrialResult& t);
// Header line and every done trial in (variant, trial) order.
std::string format_trials_file(const Value& header, const Spec& spec, const Outcome& outcome);

struct TrialsFile {
  std::string path;
  Value header;
  Spec spec;
  Outcome outcome;             // results[v][i] for i < spec.trials; .done where a line was read
  std::uint64_t lines = 0;     // trial lines read
  bool torn_tail = false;      // the last line was cut short (a kill mid-write); ignored
  std::vector<std::string> duplicates;  // "variant trial" seen twice (the first is kept)
};
// Reads a trials file. Errors name the file and line.
TrialsFile read_trials_file(const std::string& path);
TrialsFile parse_trials_text(const std::string& path, const std::string& text);
// Reads only the header line.
Value read_header(const std::string& path);

// The first header field (other than "shard") in which b differs from a, as
// "seed (9 here, 10 in the other)"; empty when they agree.
std::string header_difference(const Value& a, const Value& b);

// Appends lines to a trials file as trials finish; each line is one write().
class TrialsWriter {
public:
  TrialsWriter() = default;
  TrialsWriter(const TrialsWriter&) = delete;
  TrialsWriter& operator=(const TrialsWriter&) = delete;
  ~TrialsWriter();
  // Creates (truncating) the file with its header, or, when `append`, opens
  // it for appending (a resumed file; a torn last line is cut off first).
  void open(const std::string& path, const Value& header, bool append);
  bool is_open() const { return fd_ >= 0 || (!streaming_ && !path_.empty()); }
  void append(const std::string& line);  // line without newline
  // Replaces the file with `text` (written beside it, then renamed).
  void finish(const std::string& text);
  void close();

private:
  std::string path_;
  int fd_ = -1;
  bool streaming_ = true;  // a regular file: lines appended as trials finish
};

// Outcome::stopped from the results alone (a variant with skipped trials:
// the first trial, by index, that the watchdog stopped), so a merge, a resume
// and a single run say the same.
void derive_stopped(const Spec& spec, Outcome& outcome);
// The compacted outcome of the trials done under every variant (for the
// summary of a shard or of an interrupted run), in trial order.
Outcome completed_only(const Outcome& outcome);
// "trial 5 of baseline" for the first (variant, trial) not done among the
// trials i < count with i % stride == offset; how many are missing.
std::uint64_t count_missing(const Spec& spec, const Outcome& outcome, std::uint64_t count, std::uint64_t stride,
                            std::uint64_t offset, std::string* first);

} // namespace sandtable::experiment
