#!/usr/bin/env bash
# Refits the brand sentiment model on the shared training files, printing 5-fold cross-validated figures first,
# and writes core/brand/sentiment/sentiment-model.json.   Usage: npm run brand:train -- DATA_DIR (or BRAND_TRAINING_DATA)
# Needs python3 with torch and numpy (Debian: apt-get install python3-torch); the mentions are read by the
# analyser's own code first (dump-mentions.ts), so the model learns exactly the features the worker computes.
set -euo pipefail
cd "$(dirname "$0")/../.."
data="${1:-${BRAND_TRAINING_DATA:?give the folder of *-train.raw files as an argument or in BRAND_TRAINING_DATA}}"
python="$(bash scripts/brand-model/torch-python.sh)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node --import tsx scripts/brand-model/dump-mentions.ts "$work/mentions.jsonl" "$data"/*-train.raw
exec "$python" scripts/brand-model/train_model.py "$work/mentions.jsonl" --cv 5 --out core/brand/sentiment/sentiment-model.json
