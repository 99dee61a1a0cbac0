#!/usr/bin/env bash
# One short, bounded libFuzzer run for CTest: FUZZER SEED_DIR [SECONDS].
# The seeds are read only; new inputs go to a temporary corpus. A crash, a
# leak, a timeout (an input running over 10 s) or a blow-up past 2 GB fails
# the test, and libFuzzer prints the input that did it and keeps it beside
# the fuzzer (fuzz/artifacts/), so a failure in a loaded CI run can be read
# and replayed after the test's temporary corpus is gone.
set -uo pipefail
fuzzer=$(realpath "${1:?usage: run_fuzzer.sh FUZZER SEED_DIR [SECONDS]}")
seeds=$(realpath "${2:?usage: run_fuzzer.sh FUZZER SEED_DIR [SECONDS]}")
seconds=${3:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts="$(dirname "$fuzzer")/artifacts"
mkdir -p "$artifacts"
cd "$work" || exit 1
"$fuzzer" -max_total_time="$seconds" -artifact_prefix="$artifacts/" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
  "$work" "$seeds" 2>&1 | tail -25
exit "${PIPESTATUS[0]}"
