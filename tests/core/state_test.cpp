// Values, battle state, YAML in and out with located errors, the event log.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sandtable/errors.hpp"
#include "sandtable/event_log.hpp"
#include "sandtable/state.hpp"
#include "sandtable/value.hpp"
#include "sandtable/yaml_io.hpp"

using namespace sandtable;
using Catch::Contains;

namespace {

State two_unit_battle() {
  State s;
  s.table_width = 1800;
  s.table_depth = 1200;
  s.turn = 3;
  s.phase = "movement";
  s.sides.push_back(SideState{"Athens", Value(Value::Map{{"morale", 12}})});
  s.sides.push_back(SideState{"Sparta", Value()});
  UnitState a;
  a.side = 0;
  a.name = "Hoplites 1";
  a.at = Placement{100.5, 200, 90, 40, 20};
  a.strength = 4;
  a.data = Value(Value::Map{{"class", "HI"}, {"hits", 0}, {"markers", Value::List{"disordered"}}});
  UnitState b;
  b.side = 1;
  b.name = "Peltasts";
  b.at = Placement{900, 1000, 270, 40, 20};
  b.strength = 2.5;
  b.removed = true;
  s.add_unit(a);
  s.add_unit(b);
  s.terrain = Value(Value::List{Value(Value::Map{{"kind", "hill"}, {"x", 300}, {"y", 400}, {"r", 150.0}})});
  s.data = Value(Value::Map{{"weather", "rain"}});
  return s;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("sandtable_state_test_" + name)).string();
}

} // namespace

TEST_CASE("Value: canonical JSON text with sorted keys and escapes", "[state][value]") {
  Value v(Value::Map{{"b", 1}, {"a", Value::List{true, nullptr, 2.5, "x\"y\n\t\\"}}, {"c", Value::Map{}}});
  CHECK(v.to_json() == R"({"a":[true,null,2.5,"x\"y\n\t\\"],"b":1,"c":{}})");
  CHECK(Value(std::string("\x01")).to_json() == R"("\u0001")");
  CHECK(Value(-42).to_json() == "-42");
  CHECK(Value().to_json() == "null");
  // Insertion order does not matter.
  Value w;
  w.set("z", 1);
  w.set("a", 2);
  CHECK(w.to_json() == R"({"a":2,"z":1})");
  CHECK(v["missing"].is_null());
  CHECK(v["b"].as_int() == 1);
}

TEST_CASE("Value: copies are independent (copy on write)", "[state][value]") {
  Value v(Value::Map{{"list", Value::List{1, 2}}});
  Value copy = v;
  copy.set("extra", "yes");
  copy.as_map()["list"].push(3);
  CHECK(v.to_json() == R"({"list":[1,2]})");
  CHECK(copy.to_json() == R"({"extra":"yes","list":[1,2,3]})");
}

TEST_CASE("State: add_unit assigns ids and refuses duplicates", "[state]") {
  State s = two_unit_battle();
  REQUIRE(s.units.size() == 2);
  CHECK(s.units[0].id == 1);
  CHECK(s.units[1].id == 2);
  UnitState c;
  c.id = 10;
  CHECK(s.add_unit(c) == 10);
  CHECK(s.add_unit(UnitState{}) == 11);
  UnitState dup;
  dup.id = 2;
  REQUIRE_THROWS_WITH(s.add_unit(dup), Contains("unit id 2 is already in use"));
  REQUIRE(s.unit(10) != nullptr);
  CHECK(s.unit(10)->id == 10);
  CHECK(s.unit(99) == nullptr);
}

TEST_CASE("State: a snapshot is independent of the battle it was taken from", "[state]") {
  State battle = two_unit_battle();
  const State snapshot = battle;  // snapshot
  const std::string before = snapshot.to_value().to_json();
  battle.unit(1)->at.x += 50;
  battle.unit(1)->data.set("hits", 2);
  battle.unit(1)->data.as_map()["markers"].push("shaken");
  battle.sides[0].data.set("morale", 9);
  battle.data.set("weather", "fine");
  battle.turn = 4;
  CHECK(snapshot.to_value().to_json() == before);
  CHECK(snapshot.unit(1)->at.x == 100.5);
  CHECK(snapshot.unit(1)->data["hits"].as_int() == 0);
  CHECK(snapshot.unit(1)->data["markers"].as_list().size() == 1);
  CHECK(snapshot.sides[0].data["morale"].as_int() == 12);
  // Restore: assigning the snapshot back.
  battle = snapshot;
  CHECK(battle.to_value().to_json() == before);
}

TEST_CASE("State: YAML save and load round trip", "[state][yaml]") {
  const State s = two_unit_battle();
  const std::string yaml = s.to_yaml();
  INFO(yaml);
  CHECK_THAT(yaml, Contains("Hoplites 1"));
  const State back = State::from_value(parse_yaml(yaml, "save.yaml"), "save.yaml");
  CHECK(back.to_value().to_json() == s.to_value().to_json());
  CHECK(back.hash() == s.hash());
  REQUIRE(back.units.size() == 2);
  CHECK(back.unit(1)->at.x == 100.5);
  CHECK(back.unit(2)->strength == 2.5);
  CHECK(back.unit(2)->removed);
  CHECK(back.unit(1)->data["class"].as_string() == "HI");
  CHECK(back.sides[1].name == "Sparta");

  // Through a file.
  const std::string path = temp_path("save.yaml");
  {
    std::ofstream out(path);
    out << yaml;
  }
  CHECK(State::load_yaml(path).hash() == s.hash());
  std::remove(path.c_str());
}

TEST_CASE("State: strings that look like numbers or booleans survive a YAML round trip", "[state][yaml]") {
  State s;
  s.table_width = 100;
  s.table_depth = 100;
  UnitState u;
  u.name = "12";
  u.data = Value(Value::Map{{"code", "007"}, {"flag", "yes"}, {"none", "null"}, {"real", "1.5"}});
  s.add_unit(u);
  const State back = State::from_value(parse_yaml(s.to_yaml(), "save.yaml"), "save.yaml");
  INFO(s.to_yaml());
  CHECK(back.unit(1)->name == "12");
  CHECK(back.to_value().to_json() == s.to_value().to_json());
}

// Found by tests/fuzz (fuzz_scenario, session six): a plain scalar that ends
// in a carriage return read as "... + \r"; written back plain, the reader
// took the \r for a line break and the value came back without it.
TEST_CASE("YAML: strings with control characters or edge spaces survive a round trip", "[state][yaml]") {
  for (const std::string s : {std::string("rulese:t phalanx turnc } + \r"), std::string("tab\tinside"),
                              std::string(" leading"), std::string("trailing "), std::string("bell\a"),
                              std::string("line\nbreak")}) {
    const Value v(Value::Map{{"text", s}});
    const std::string text = to_yaml(v);
    INFO(text);
    const Value back = parse_yaml(text, "again.yaml");
    CHECK(back == v);
  }
}

TEST_CASE("State: hash is stable and changes when a unit moves", "[state]") {
  const State a = two_unit_battle();
  State b = two_unit_battle();
  CHECK(a.hash() == b.hash());
  CHECK(a.hash() == a.hash());
  b.unit(2)->at.y += 1;  // one millimetre
  CHECK(a.hash() != b.hash());
  b.unit(2)->at.y -= 1;
  CHECK(a.hash() == b.hash());
  b.unit(1)->at.facing = 91;
  CHECK(a.hash() != b.hash());
}

TEST_CASE("State: from_value names what is missing", "[state]") {
  REQUIRE_THROWS_WITH(State::from_value(parse_yaml("turn: 1\n", "s.yaml"), "s.yaml"),
                      Contains("s.yaml") && Contains("'width'"));
  REQUIRE_THROWS_WITH(
      State::from_value(parse_yaml("table: {width: 10, depth: 10}\nturn: 1\nunits:\n  - {id: 1, side: 0, x: ten}\n",
                                   "s.yaml"),
                        "s.yaml"),
      Contains("units[0]") && Contains("'x'"));
}

TEST_CASE("YAML: a malformed text gives a LocatedError with line and column", "[state][yaml]") {
  try {
    parse_yaml("a: [1, 2\nb: 3", "scenario.yaml");
    FAIL("no error");
  } catch (const LocatedError& e) {
    INFO(e.what());
    CHECK(e.file() == "scenario.yaml");
    // The flow list opened on line 1 is still open when "b: 3" (line 2) ends the text.
    CHECK(e.line() == 2);
    CHECK(e.column() >= 1);
    CHECK(std::string(e.what()).rfind("scenario.yaml:2:", 0) == 0);
  }
  try {
    parse_yaml("turns: 12\nsides:\n  - name: Athens\n   bad: indent\n", "s.yaml");
    FAIL("no error");
  } catch (const LocatedError& e) {
    INFO(e.what());
    CHECK(e.line() == 4);
  }
}

TEST_CASE("YAML: a duplicate key is located", "[state][yaml]") {
  try {
    parse_yaml("turns: 12\nseed: 5\nsides:\n  - name: A\n    name: B\n", "s.yaml");
    FAIL("no error");
  } catch (const LocatedError& e) {
    INFO(e.what());
    CHECK(e.line() == 5);
    CHECK(e.column() == 5);
    CHECK_THAT(e.what(), Contains("duplicate key 'name'"));
  }
}

TEST_CASE("YAML: error_at reports a node's line and column", "[state][yaml]") {
  const YamlDoc doc = parse_yaml_doc("ruleset: phalanx\nturns: ten\nunits:\n  - x: 1\n    y: oops\n", "sc.yaml");
  CHECK(doc.root["turns"].as_string() == "ten");
  // yaml-cpp marks a block-map value at its key: the error points at `turns:`.
  const LocatedError e = doc.error_at("/turns", "expected a number for 'turns', found 'ten'");
  CHECK(e.line() == 2);
  CHECK(e.column() == 1);
  CHECK(std::string(e.what()) == "sc.yaml:2:1: expected a number for 'turns', found 'ten'");
  const LocatedError f = doc.error_at("/units/0/y", "expected a number");
  CHECK(f.line() == 5);
  CHECK(f.column() == 5);
  // List items are marked where they start.
  const LocatedError h = doc.error_at("/units/0", "bad unit");
  CHECK(h.line() == 4);
  // A missing key is reported at its nearest parent.
  const LocatedError g = doc.error_at("/units/0/z", "missing 'z'");
  CHECK(g.line() == 4);
  CHECK(g.column() == 5);
}

TEST_CASE("YAML: scalars become typed values; quoted text stays text", "[state][yaml]") {
  const Value v = parse_yaml("i: 12\nd: 2.5\nb: true\ns: hello\nq: \"12\"\nn: ~\nl: [1, two]\n", "t.yaml");
  CHECK(v["i"].is_int());
  CHECK(v["i"].as_int() == 12);
  CHECK(v["d"].as_number() == 2.5);
  CHECK(v["b"].as_bool());
  CHECK(v["s"].as_string() == "hello");
  CHECK(v["q"].is_string());
  CHECK(v["q"].as_string() == "12");
  CHECK(v["n"].is_null());
  CHECK(v["l"].to_json() == R"([1,"two"])");
}

TEST_CASE("EventLog: JSON lines, one event per line with seq, turn, phase and kind", "[state][log]") {
  const std::string path = temp_path("log.jsonl");
  {
    EventLog log;
    log.open_file(path);
    log.set_time(1, "shooting");
    log.add("roll", Value(Value::Map{{"die", "d6"}, {"value", 4}, {"purpose", "shooting, unit 3"}}));
    log.add("move", Value(Value::Map{{"unit", 3}, {"dx", 12.5}}));
    log.set_time(2, "melee");
    log.add("turn_end");
    log.add("note", Value(7));
    log.flush();
    CHECK(log.count() == 4);
    REQUIRE(log.events().size() == 4);
    CHECK(log.events()[1]["kind"].as_string() == "move");
  }
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == R"({"die":"d6","kind":"roll","phase":"shooting","purpose":"shooting, unit 3","seq":1,"turn":1,"value":4})");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO(lines[i]);
    const Value e = parse_yaml(lines[i], "log.jsonl");  // JSON is YAML
    REQUIRE(e.is_map());
    CHECK(e["seq"].as_int() == static_cast<std::int64_t>(i + 1));
  }
  const Value third = parse_yaml(lines[2], "log.jsonl");
  CHECK(third["turn"].as_int() == 2);
  CHECK(third["phase"].as_string() == "melee");
  CHECK(third["kind"].as_string() == "turn_end");
  // Fields that are not a map are kept under "value".
  const Value fourth = parse_yaml(lines[3], "log.jsonl");
  CHECK(fourth["kind"].as_string() == "note");
  CHECK(fourth["value"].is_int());
  CHECK(fourth["value"].as_int() == 7);
  std::remove(path.c_str());
}

TEST_CASE("EventLog: a log neither kept nor written counts its events", "[state][log]") {
  EventLog log(false);
  CHECK_FALSE(log.records());
  log.add("move", Value(Value::Map{{"unit", 3}, {"dx", 12.5}}));
  log.add("turn_end");
  CHECK(log.count() == 2);
  CHECK(log.events().empty());
  // kept again after a file is opened: numbering goes on from the count
  const std::string path = temp_path("unkept.jsonl");
  log.open_file(path);
  CHECK(log.records());
  log.add("note", Value(7));
  log.flush();
  CHECK(log.count() == 3);
  std::ifstream in(path);
  std::string line;
  REQUIRE(std::getline(in, line));
  CHECK(parse_yaml(line, "unkept.jsonl")["seq"].as_int() == 3);
  std::remove(path.c_str());
}

TEST_CASE("EventLog: an unwritable path is an error naming it", "[state][log]") {
  EventLog log;
  REQUIRE_THROWS_WITH(log.open_file("/nonexistent-dir/x/log.jsonl"),
                      Contains("/nonexistent-dir/x/log.jsonl") && Contains("cannot write"));
}
