#pragma once
// The parallel experiment runner. It knows no ruleset: it runs a Lua *trial
// module* many times on worker threads, one Lua state per worker.
//
// A trial module returns { prepare = function(params) -> prepared,
//                          trial = function(prepared, seed) -> result }.
// Each worker loads it once and prepares each variant once (a variant is a
// name plus plain-data params, e.g. a house rule file), then runs trials.
// The unit of work is (variant, trial index); trial i's seed is
// Rng::derive(seed, i) under every variant (common random numbers), so the
// results are the same for any number of threads.
//
// A trial that fails (a Lua error in a house rule, a runaway script stopped
// by the watchdog) is recorded with its seed and message and never stops the
// run. A variant that cannot be prepared fails its own trials only. After the
// watchdog has stopped one trial of a variant, that variant's remaining trials
// are skipped (stop_variant_on_timeout): a loop that never ends would
// otherwise cost the deadline on every trial. Sandbox limits cost nothing on the hot path: no count hook runs until
// a trial has taken longer than the watchdog's deadline, and only then is the
// hook armed on that worker's state to stop it.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sandtable/lua/host.hpp"
#include "sandtable/value.hpp"

namespace sandtable::experiment {

// More worker threads than this is refused (each one holds a Lua state).
inline constexpr unsigned kMaxThreads = 256;

struct Variant {
  std::string name;
  Value params;  // handed to prepare()
};

struct Spec {
  std::string module;               // Lua module name of the trial module
  std::vector<Variant> variants;    // at least one
  std::uint64_t seed = 1;
  std::uint64_t trials = 1000;      // fixed count, or the cap with until_ci
  double until_ci = 0;              // > 0: stop when every rate's 95% half-width < until_ci
  std::uint64_t batch = 500;        // trials per round when until_ci is set
  unsigned threads = 0;             // 0 = all cores; at most kMaxThreads
  double watchdog_seconds = 30;     // a trial running longer is stopped
  bool stop_variant_on_timeout = true;  // skip a variant's trials after its first watchdog stop
  LuaHostOptions host;
};

struct TrialResult {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;
  bool failed = false;
  bool skipped = false;  // not run: its variant was stopped (Outcome::stopped)
  bool done = false;     // run or skipped here, or read back from a trials file; false: not run yet
  std::string error;
  Value result;
};

struct Progress {
  std::uint64_t done = 0, total = 0, failed = 0;
  double elapsed_seconds = 0;
};

struct Outcome {
  // results[v][i]: variant v, trial i.
  std::vector<std::vector<TrialResult>> results;
  // stopped[v]: why variant v's remaining trials were skipped ("" = ran all).
  std::vector<std::string> stopped;
  std::uint64_t trials_run = 0;
  double seconds = 0;
  unsigned threads = 0;
  bool interrupted = false;  // Plan::stop was set: some trials were not run
};

// Which trials this process runs, and what it does with each result. The
// default plan runs every trial here. A shard or an MPI rank runs trial i when
// i % stride == offset; a resumed run skips the trials it already has.
struct Plan {
  std::uint64_t stride = 1, offset = 0;
  // > 0: run in rounds of this many trials even without until_ci (an MPI
  // run gathers the results on rank 0 after every round).
  std::uint64_t round = 0;
  // Results already in hand (resume): results[v][i].done trials are kept, not run.
  const Outcome* known = nullptr;
  // Called for each finished (variant, trial), from the worker threads but
  // never two at once (the runner serialises the calls).
  std::function<void(std::size_t variant, const TrialResult&)> on_result;
  // Called on the calling thread after each round, before stop_early (MPI:
  // gather the other ranks' results into the outcome).
  std::function<void(Outcome&, std::uint64_t round_end)> after_round;
  // Set (by a signal handler): running trials finish, no new one starts.
  const std::atomic<bool>* stop = nullptr;
};

// Runs the experiment. `progress` is called from the calling thread about
// five times a second while the workers run. `stop_early(outcome so far)`
// decides, between rounds, whether precision is reached (until_ci).
Outcome run(const Spec& spec, const std::function<void(const Progress&)>& progress,
            const std::function<bool(const Outcome&)>& stop_early);
Outcome run(const Spec& spec, const Plan& plan, const std::function<void(const Progress&)>& progress,
            const std::function<bool(const Outcome&)>& stop_early);

} // namespace sandtable::experiment
