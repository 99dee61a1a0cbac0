// sandtable campaign CAMPAIGN.yaml: a series of battles with the state carried
// between them by the ruleset's campaign rules (docs/campaigns.md); with
// --trials N, N seeded campaigns and who wins them. The work is in
// scripts/cli/campaign.lua; this file parses the flags.
#include <cctype>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"

namespace sandtable::cli {

Action add_campaign(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand(
      "campaign", "Fight a campaign: a series of battles, losses and ground carried between them (docs/campaigns.md)");
  struct Opts {
    std::string campaign, format = "text", out, log, html;
    std::vector<std::string> variants;
    std::uint64_t seed = 1, trials = 0;
    unsigned threads = 0;
    bool referee = false;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("campaign", o->campaign, "Campaign YAML, from the current directory or the shipped data")
      ->required();
  cmd->add_option("--seed", o->seed,
                  "Campaign seed (default: the file's seed:, else 1); battle n uses a seed derived from (seed, n); "
                  "with --trials, campaign i uses a seed derived from (seed, i)");
  cmd->add_option("--trials,-n", o->trials,
                  "Fight N seeded campaigns and report who wins the campaign, with 95% intervals")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--threads,-j", o->threads, "Worker threads with --trials (default: all cores)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  cmd->add_option("--out", o->out, "Write the report to FILE instead of stdout");
  cmd->add_option("--log", o->log, "Write every battle's full account to FILE (one campaign only)");
  cmd->add_option("--html", o->html,
                  "Write each battle's replay page to DIR/battle-N.html (one campaign only; DIR is created)");
  cmd->add_option("--variant", o->variants,
                  "NAME=FILE.lua: with --trials, the same campaigns with a house rule (of the battles or of the "
                  "campaign rules), side by side with the rules as written (repeatable)");
  cmd->add_flag("--referee", o->referee,
                "Check the rules' invariants after every phase of every battle; a violation stops the campaign "
                "(docs/referee.md)");
  return [o, &global, cmd] {
    if (!o->log.empty() && o->trials > 0)
      throw UsageError("--log writes one campaign's battles; leave it out with --trials");
    if (!o->html.empty() && o->trials > 0)
      throw UsageError("--html writes one campaign's replay pages; leave it out with --trials");
    if (!o->variants.empty() && o->trials == 0)
      throw UsageError("--variant compares many campaigns: give --trials N as well");
    const auto variants = parse_variants(o->variants);
    if (!o->out.empty()) check_writable(o->out, "report");
    if (!o->log.empty()) check_writable(o->log, "battle log");
    if (!o->html.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(o->html, ec);
      if (ec || !std::filesystem::is_directory(o->html))
        throw UsageError(fmt::format("--html {}: cannot make that folder for the replay pages", o->html));
    }
    const std::string path = input_file(o->campaign);
    LuaHostOptions opts = global.host_options();
    const auto dir = std::filesystem::path(path).parent_path().string();
    opts.readable_dirs.push_back(dir.empty() ? "." : dir);
    for (const auto& [name, file] : variants) {
      const auto vdir = std::filesystem::path(file).parent_path().string();
      opts.readable_dirs.push_back(vdir.empty() ? "." : vdir);
    }
    LuaHost host(opts);
    lua_State* L = host.state();
    host.require("cli.campaign");
    lua_getfield(L, -1, "run");
    lua_createtable(L, 0, 8);
    lua_pushstring(L, path.c_str());
    lua_setfield(L, -2, "campaign");
    if (cmd->count("--seed") > 0) {
      lua_pushinteger(L, static_cast<lua_Integer>(o->seed));
      lua_setfield(L, -2, "seed");
    }
    lua_pushinteger(L, static_cast<lua_Integer>(o->trials));
    lua_setfield(L, -2, "trials");
    lua_pushinteger(L, static_cast<lua_Integer>(o->threads));
    lua_setfield(L, -2, "threads");
    lua_pushstring(L, o->format.c_str());
    lua_setfield(L, -2, "format");
    lua_pushboolean(L, o->referee);
    lua_setfield(L, -2, "referee");
    lua_pushboolean(L, !o->log.empty());
    lua_setfield(L, -2, "log");
    lua_pushboolean(L, !o->html.empty());
    lua_setfield(L, -2, "html");
    lua_createtable(L, static_cast<int>(variants.size()), 0);
    for (std::size_t i = 0; i < variants.size(); ++i) {
      lua_createtable(L, 0, 2);
      lua_pushstring(L, variants[i].first.c_str());
      lua_setfield(L, -2, "name");
      lua_pushstring(L, variants[i].second.c_str());
      lua_setfield(L, -2, "file");
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "variants");
    host.call(1, 4);
    const std::string text = lua_tostring(L, -4);
    const bool ok = lua_toboolean(L, -3);
    if (!o->log.empty() && lua_isstring(L, -2)) write_text_file(o->log, lua_tostring(L, -2), "battle log");
    // the replay pages: { { file = "battle-N.html", html = ... } }
    if (!o->html.empty() && lua_istable(L, -1)) {
      const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "file");
        lua_getfield(L, -2, "html");
        if (lua_isstring(L, -2) && lua_isstring(L, -1)) {
          const auto path = (std::filesystem::path(o->html) / lua_tostring(L, -2)).string();
          write_text_file(path, lua_tostring(L, -1), "replay page");
          std::cerr << fmt::format("replay: {} written\n", path);
        }
        lua_pop(L, 3);
      }
    }
    if (o->out.empty()) std::cout << text;
    else write_text_file(o->out, text, "report");
    return ok ? 0 : 1;
  };
}

} // namespace sandtable::cli
