#!/bin/sh
# Regenerates the checked-in completion scripts from the built CLI: `npm run build && sh completions/generate.sh`.
# test/cli/completion.test.ts fails while they differ from what the CLI prints.
set -e
cd "$(dirname "$0")/.."
node bin/practice.cjs completion bash > completions/practice.bash
node bin/practice.cjs completion zsh > completions/_practice
node bin/practice.cjs completion fish > completions/practice.fish
