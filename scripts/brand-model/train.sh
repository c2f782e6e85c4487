#!/usr/bin/env bash
# Refits the brand sentiment model on the shared training files, printing 5-fold cross-validated figures first,
# and writes core/brand/sentiment/sentiment-model.json.   Usage: npm run brand:train -- DATA_DIR (or BRAND_TRAINING_DATA)
set -euo pipefail
cd "$(dirname "$0")/../.."
data="${1:-${BRAND_TRAINING_DATA:?give the folder of *-train.raw files as an argument or in BRAND_TRAINING_DATA}}"
exec node --import tsx scripts/brand-model/train-model.ts --cv 5 --out core/brand/sentiment/sentiment-model.json "$data"/*-train.raw
