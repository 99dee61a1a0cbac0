// The experiment's files: JSON read back exactly as written, the trials
// file's header and lines, shards, and header comparison (issue 19).
#include <catch2/catch.hpp>

#include "sandtable/errors.hpp"
#include "sandtable/experiment/json.hpp"
#include "sandtable/experiment/trials_file.hpp"

using namespace sandtable;
using namespace sandtable::experiment;

TEST_CASE("JSON written by Value reads back to the same text") {
  Value v(Value::Map{});
  v.set("int", static_cast<std::int64_t>(-9007199254740993LL));
  v.set("big", static_cast<std::int64_t>(6923938283921077553LL));
  v.set("third", 1.0 / 3.0);
  v.set("tiny", 1e-300);
  v.set("whole_float", 3.0);  // prints as 3: read back as the integer 3, the same text
  v.set("text", std::string("quote \" backslash \\ newline \n tab \t ctrl \x01 utf8 \xc3\xa9"));
  v.set("list", Value(Value::List{Value(true), Value(false), Value(), Value(Value::Map{})}));
  const std::string text = v.to_json();
  const Value back = parse_json(text);
  CHECK(back.to_json() == text);
  CHECK(back["whole_float"].is_int());
  CHECK(back["third"].as_number() == 1.0 / 3.0);
  CHECK(parse_json(R"({"a":"\u00e9\ud83d\ude00"})")["a"].as_string() == "\xc3\xa9\xf0\x9f\x98\x80");
  CHECK_THROWS_AS(parse_json("{\"a\":1"), Error);
  CHECK_THROWS_AS(parse_json("[1,2] x"), Error);
}

TEST_CASE("shards are K/N with 1 <= K <= N") {
  CHECK(parse_shard("3/8").k == 3);
  CHECK(parse_shard("3/8").n == 8);
  CHECK(parse_shard("1/1").text() == "1/1");
  CHECK_THROWS_AS(parse_shard("0/3"), Error);
  CHECK_THROWS_AS(parse_shard("4/3"), Error);
  CHECK_THROWS_AS(parse_shard("3"), Error);
  CHECK_THROWS_AS(parse_shard("a/b"), Error);
}

TEST_CASE("a trials file's header and lines read back; differences are named") {
  Spec spec;
  spec.module = "m";
  spec.seed = 9;
  spec.trials = 4;
  spec.variants = {{"baseline", Value(Value::Map{{"x", 1}})}, {"other", Value(Value::Map{{"x", 2}})}};
  RunInfo info;
  info.title = "T";
  info.shard = parse_shard("2/2");
  const Value header = make_header(spec, info);
  Outcome out;
  out.results.assign(2, std::vector<TrialResult>(4));
  for (std::size_t v = 0; v < 2; ++v)
    for (std::uint64_t i = 1; i < 4; i += 2) {
      TrialResult& r = out.results[v][i];
      r.index = i;
      r.seed = trial_seed(9, i);
      r.done = true;
      if (v == 1 && i == 3) {
        r.failed = true;
        r.error = "boom";
      } else r.result = Value(Value::Map{{"winner", 1}, {"turns", 2.5}});
    }
  const std::string text = format_trials_file(header, spec, out);
  const TrialsFile f = parse_trials_text("f.jsonl", text);
  CHECK(f.lines == 4);
  CHECK(shard_of(f.header).k == 2);
  CHECK(format_trials_file(f.header, f.spec, f.outcome) == text);
  CHECK(f.outcome.results[1][3].failed);
  std::string first;
  CHECK(count_missing(spec, f.outcome, 4, 2, 1, &first) == 0);
  CHECK(count_missing(spec, f.outcome, 4, 1, 0, &first) == 4);
  CHECK(first == "trial 0 of baseline");

  // A torn last line is dropped, not an error; a bad line in the middle is.
  const TrialsFile torn = parse_trials_text("f.jsonl", text + "{\"variant\":\"base");
  CHECK(torn.torn_tail);
  CHECK(torn.lines == 4);
  CHECK_THROWS_WITH(parse_trials_text("f.jsonl", text + "nonsense\n" + "{}\n"), Catch::Contains("f.jsonl:6"));
  // A line whose seed is not the experiment's is refused.
  CHECK_THROWS_WITH(parse_trials_text("f.jsonl", header.to_json() + "\n{\"variant\":\"baseline\",\"trial\":1,\"seed\":5,\"result\":{}}\n"),
                    Catch::Contains("has seed 5"));

  Spec other = spec;
  other.seed = 10;
  CHECK(header_difference(header, make_header(other, info)).rfind("seed", 0) == 0);
  other = spec;
  other.variants[1].params = Value(Value::Map{{"x", 3}});
  CHECK(header_difference(header, make_header(other, info)).find("params of 'other'") != std::string::npos);
  RunInfo shard1 = info;
  shard1.shard = parse_shard("1/2");
  CHECK(header_difference(header, make_header(spec, shard1)).empty());  // only the shard differs
}
