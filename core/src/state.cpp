#include "sandtable/state.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sandtable/errors.hpp"
#include "sandtable/yaml_io.hpp"

namespace sandtable {

UnitState* State::unit(int id) {
  for (auto& u : units)
    if (u.id == id) return &u;
  return nullptr;
}

const UnitState* State::unit(int id) const { return const_cast<State*>(this)->unit(id); }

int State::add_unit(UnitState u) {
  if (u.id == 0) {
    int next = 1;
    for (const auto& existing : units) next = std::max(next, existing.id + 1);
    u.id = next;
  } else if (unit(u.id)) {
    throw Error(fmt::format("unit id {} is already in use", u.id));
  }
  units.push_back(std::move(u));
  return units.back().id;
}

Value State::to_value() const {
  Value v(Value::Map{});
  v.set("table", Value(Value::Map{{"width", table_width}, {"depth", table_depth}}));
  v.set("turn", turn);
  v.set("phase", phase);
  Value sides_v(Value::List{});
  for (const auto& s : sides) sides_v.push(Value(Value::Map{{"name", s.name}, {"data", s.data}}));
  v.set("sides", sides_v);
  Value units_v(Value::List{});
  for (const auto& u : units) {
    Value unit(Value::Map{
        {"id", u.id}, {"side", u.side}, {"name", u.name},
        {"x", u.at.x}, {"y", u.at.y}, {"facing", u.at.facing},
        {"width", u.at.width}, {"depth", u.at.depth},
        {"strength", u.strength}, {"removed", u.removed}, {"data", u.data}});
    if (u.layer != 0) unit.set("layer", u.layer);  // ground units save (and hash) as before layers existed
    units_v.push(std::move(unit));
  }
  v.set("units", units_v);
  v.set("terrain", terrain);
  v.set("data", data);
  return v;
}

namespace {

double number(const Value& v, const std::string& key, const std::string& where) {
  const Value& x = v[key];
  if (!x.is_number()) throw Error(fmt::format("{}: expected a number for '{}'", where, key));
  // A saved battle of NaN or infinite sizes or places is refused, as the
  // bindings refuse them.
  if (!std::isfinite(x.as_number()))
    throw Error(fmt::format("{}: expected a finite number for '{}', got {}", where, key, x.as_number()));
  return x.as_number();
}

// A whole number that fits [lo, hi]: a turn of 2^63 (read as a double) or an
// id of 2^40 is refused instead of wrapping. (Fix: such turns were accepted.)
std::int64_t whole(const Value& v, const std::string& key, const std::string& where, std::int64_t lo,
                   std::int64_t hi) {
  const Value& x = v[key];
  if (!x.is_int() || x.as_int() < lo || x.as_int() > hi)
    throw Error(fmt::format("{}: expected a whole number within {}..{} for '{}'", where, lo, hi, key));
  return x.as_int();
}

} // namespace

State State::from_value(const Value& v, const std::string& name) {
  if (!v.is_map()) throw Error(fmt::format("{}: expected a saved battle (a map)", name));
  State s;
  s.table_width = number(v["table"], "width", name + ": table");
  s.table_depth = number(v["table"], "depth", name + ": table");
  s.turn = whole(v, "turn", name, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
  s.phase = v["phase"].is_string() ? v["phase"].as_string() : "";
  if (v["sides"].is_list())
    for (const auto& side : v["sides"].as_list())
      s.sides.push_back(SideState{side["name"].is_string() ? side["name"].as_string() : "", side["data"]});
  if (v["units"].is_list()) {
    int index = 0;
    for (const auto& u : v["units"].as_list()) {
      const std::string where = fmt::format("{}: units[{}]", name, index++);
      UnitState unit;
      constexpr std::int64_t lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max();
      unit.id = static_cast<int>(whole(u, "id", where, lo, hi));
      unit.side = static_cast<int>(whole(u, "side", where, lo, hi));
      unit.name = u["name"].is_string() ? u["name"].as_string() : "";
      unit.at = Placement{number(u, "x", where), number(u, "y", where), number(u, "facing", where),
                          number(u, "width", where), number(u, "depth", where)};
      unit.strength = number(u, "strength", where);
      unit.removed = u["removed"].is_bool() && u["removed"].as_bool();
      if (!u["layer"].is_null()) {
        const double layer = number(u, "layer", where);
        if (layer != static_cast<int>(layer) || layer < -1000 || layer > 1000)
          throw Error(fmt::format("{}: layer must be a whole number from -1000 to 1000", where));
        unit.layer = static_cast<int>(layer);
      }
      unit.data = u["data"];
      s.add_unit(std::move(unit));
    }
  }
  s.terrain = v["terrain"];
  s.data = v["data"];
  return s;
}

std::string State::to_yaml() const { return sandtable::to_yaml(to_value()); }

State State::load_yaml(const std::string& path) { return from_value(load_yaml_file(path).root, path); }

std::uint64_t State::hash() const {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : to_value().to_json()) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

} // namespace sandtable
