#pragma once
// One experiment run as the program runs it: on this machine's threads, as
// one shard of N (--shard), as one rank of an MPI job (mpirun), or continuing
// a killed run (--resume). Every way ends in the same place: the per-trial
// results stored by (variant, trial), from which the summary is computed, so
// the outputs are byte-identical to one uninterrupted single-process run.
#include <functional>
#include <string>

#include "sandtable/experiment/runner.hpp"
#include "sandtable/experiment/trials_file.hpp"

namespace sandtable::experiment {

struct SessionOptions {
  std::string trials_out;  // "" = none (a shard or a resumed run needs one)
  std::string resume;      // a trials file to continue (it is also trials_out)
  bool handle_signals = true;  // SIGINT/SIGTERM: stop, keep what is done, report it as partial
};

struct SessionResult {
  bool root = true;      // false on MPI ranks other than 0: they write nothing
  Outcome outcome;       // every trial (root); .interrupted after a signal
  Value summary;         // from the results only; "partial": true after a signal, "shard": "K/N" for a shard
  int signal = 0;        // the signal that stopped the run (0: none)
  std::uint64_t missing = 0;  // (variant, trial) pairs not run (after a signal)
  std::string header_json;
};

// Runs (or continues) the experiment. `progress` as for run(); `stop_early`
// decides after each round (on rank 0 under MPI).
SessionResult run_session(const Spec& spec, const RunInfo& info, const SessionOptions& options,
                          const std::function<void(const Progress&)>& progress,
                          const std::function<bool(const Outcome&)>& stop_early);

// The summary of `outcome` for the experiment of `header`, as a merge or a
// single run computes it (compacted to the trials done under every variant
// when some are missing).
Value summarize_outcome(const Spec& spec, const Outcome& outcome, const Value& header);

// `sandtable merge`: reads the trials files of one experiment (its shards, or
// a single whole file), checks they belong together and are complete, and
// returns the merged results. Errors say which file or shard is wrong.
struct Merged {
  Value header;  // without "shard"
  Spec spec;
  Outcome outcome;
};
Merged merge_trials_files(const std::vector<std::string>& paths);

} // namespace sandtable::experiment
