#include "sandtable/event_log.hpp"

#include <fmt/format.h>

#include "sandtable/errors.hpp"

namespace sandtable {

void EventLog::open_file(const std::string& path) {
  auto f = std::make_unique<std::ofstream>(path, std::ios::out | std::ios::trunc);
  if (!*f) throw Error(fmt::format("{}: cannot write the event log here", path));
  file_ = std::move(f);
}

const Value& EventLog::add(const std::string& kind, Value fields) {
  static const Value none;
  if (!enabled_) return none;
  // Neither kept nor written (bulk trials): counted, not built.
  if (!records()) {
    ++seq_;
    return none;
  }
  // Fields that are not a map (a number, a string, a list) are kept under
  // "value". (Fix found by tests/core/state_test.cpp: the old test looked at
  // `event`, always a map by then, so such fields were silently dropped.)
  const bool fields_are_map = fields.is_map();
  Value event = fields_are_map ? std::move(fields) : Value(Value::Map{});
  if (!fields_are_map && !fields.is_null()) event.set("value", std::move(fields));
  event.set("seq", static_cast<std::int64_t>(++seq_));
  event.set("turn", turn_);
  event.set("phase", phase_);
  event.set("kind", kind);
  if (file_) *file_ << event.to_json() << '\n';
  if (!keep_) return none;
  events_.push_back(std::move(event));
  return events_.back();
}

void EventLog::clear() {
  events_.clear();
  seq_ = 0;
}

void EventLog::flush() {
  if (file_) file_->flush();
}

} // namespace sandtable
