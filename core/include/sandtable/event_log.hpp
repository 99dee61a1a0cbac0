#pragma once
// The structured record of a battle: every roll, move and result, in order.
// Each event is a map with `seq`, `turn`, `phase`, `kind` and the event's own
// fields; written as JSON lines (one event per line) with `--log`.
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "sandtable/value.hpp"

namespace sandtable {

class EventLog {
public:
  // Keep events in memory (for the account and replays) and/or stream them.
  explicit EventLog(bool keep_in_memory = true) : keep_(keep_in_memory) {}

  void open_file(const std::string& path);  // JSON lines; throws Error if unwritable
  void set_time(std::int64_t turn, std::string phase) {
    turn_ = turn;
    phase_ = std::move(phase);
  }
  // Adds an event of `kind` with `fields` (a map or null).
  const Value& add(const std::string& kind, Value fields = {});
  // Switch off recording entirely (bulk experiments that only need results).
  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  // Whether an added event is kept or written: when not, add() only counts
  // it, and a caller need not build its fields.
  bool records() const { return enabled_ && (keep_ || file_ != nullptr); }

  const std::vector<Value>& events() const { return events_; }
  std::uint64_t count() const { return seq_; }
  void clear();
  void flush();

private:
  bool keep_;
  bool enabled_ = true;
  std::int64_t turn_ = 0;
  std::string phase_;
  std::uint64_t seq_ = 0;
  std::vector<Value> events_;
  std::unique_ptr<std::ofstream> file_;
};

} // namespace sandtable
