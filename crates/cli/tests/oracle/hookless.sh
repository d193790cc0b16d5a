#!/bin/sh
# Regenerates hookless.txt: for every dialect `mlir-opt-19` registers, what
# it says of a type and an attribute of that dialect that no dialect defines
# (`!ns.foo`, `#ns.foo`, `!ns<4>`, `#ns<x>`, inside an unregistered
# operation's attribute dictionary): its first error line (`LINE:COL:
# error: MESSAGE`), or `ok` where it accepts the form. The `hookless` test
# of strata-cli reads only the checked-in file.
#
# Usage: crates/cli/tests/oracle/hookless.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
work=$(mktemp -d)
out="$here/hookless.txt"
: > "$out"
for ns in $(mlir-opt-19 --show-dialects | sed -n 's/^Available Dialects: //p' | tr ',' ' '); do
    for form in "!$ns.foo" "#$ns.foo" "!$ns<4>" "#$ns<x>"; do
        printf '"t.op"() {a = %s} : () -> ()\n' "$form" > "$work/t.mlir"
        if mlir-opt-19 --allow-unregistered-dialect "$work/t.mlir" > /dev/null 2> "$work/err"; then
            result=ok
        else
            result=$(head -n 1 "$work/err" | sed "s|^$work/t.mlir:||")
        fi
        printf '%s\t%s\n' "$form" "$result" >> "$out"
    done
done
rm -rf "$work"
