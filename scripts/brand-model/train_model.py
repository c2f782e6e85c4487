"""Fits the brand sentiment model and cross-validates it exactly as the analyser reads verdicts (rules, mentions'
probabilities summed, a compared-against mention turned around).

With --no-vectors it fits the shipped model: the sparse feature weights alone (mini-batch AdaGrad, L2 on every
weight), and --out writes them as core/brand/sentiment/sentiment-model.json (`npm run brand:train` does this).
Without it, a small word-vector reader is fitted beside the sparse weights, to measure whether pretrained vectors
help; they did not (see docs/brand-analysis.md), so the reader's weights are never written.

Usage (python3 with torch and numpy, e.g. Debian's python3-torch; the mentions from
`node --import tsx scripts/brand-model/dump-mentions.ts MENTIONS.jsonl DATA_FILE...`, the vectors from
trim-word-vectors.ts):
    python3 scripts/brand-model/train_vectors.py MENTIONS.jsonl --no-vectors [--cv 5] [--out MODEL.json]
        [--eval OTHER.jsonl]
    python3 scripts/brand-model/train_vectors.py MENTIONS.jsonl --vectors PREFIX [--cv 5] [--eval OTHER.jsonl]
With --cv K --folds-only 1 it fits on the items whose position is not a multiple of K and scores the rest: the
fixed split the floor test checks.

The model, per mention, gives three class scores (negative, neutral, positive):
    sparse:  intercepts + sum of feature weight x value (the features of mention-features.ts)
    vectors: each slot word's GloVe vector (word-vectors.bin) projected by its slot's matrix (a negated word by the
             slot's negated matrix), averaged per slot; the four averages go through tanh(W1 x + b1), then W2.
The analyser then adds the rules' reading and sums the mentions' probabilities (as sentiment-model.ts does), which
the cross-validation here repeats exactly. Deterministic: fixed seeds, one thread.
"""
import argparse, hashlib, json, math
import numpy as np
import torch

torch.set_num_threads(1)
SLOTS = 4
RULE_WEIGHTS = {"owned": 2.0, "asksOrSupposes": 2.0, "noPolarWords": 1.0}


def load_vectors(prefix):
    words = open(prefix + ".txt", encoding="utf8").read().split("\n")[:-1]
    raw = np.fromfile(prefix + ".bin", dtype=np.uint8)
    n = len(words)
    scales = raw[: n * 4].view(np.float32)
    values = raw[n * 4 :].view(np.int8).reshape(n, -1).astype(np.float32)
    return {w: i for i, w in enumerate(words)}, values * scales[:, None]


def load_items(path):
    return [json.loads(line) for line in open(path, encoding="utf8")]


class Encoded:
    """The items' mentions as tensors: sparse feature bags and slot words."""

    def __init__(self, items, feature_index, word_index, distance_decay, rules_in_training=False):
        self.items = items
        mention_item, feat_ids, feat_vals, feat_off = [], [], [], []
        word_ids, word_codes, word_mention, word_weight = [], [], [], []
        labels, weights, flipped, offsets = [], [], [], []
        counts = np.bincount([it["label"] for it in items], minlength=3)
        balance = len(items) / (3 * np.maximum(counts, 1))
        m = 0
        self.item_mentions = []
        for i, it in enumerate(items):
            ms = it["mentions"]
            self.item_mentions.append(list(range(m, m + len(ms))))
            for men in ms:
                feat_off.append(len(feat_ids))
                for name, value in men["features"].items():
                    j = feature_index.get(name)
                    if j is not None:
                        feat_ids.append(j)
                        feat_vals.append(value)
                for word, slot, distance in men["slots"]:
                    negated = word.startswith("NOT_")
                    k = word_index.get(word[4:] if negated else word)
                    if k is None:
                        continue
                    word_ids.append(k)
                    word_codes.append(slot + (SLOTS if negated else 0))
                    word_mention.append(m)
                    word_weight.append(float(distance))
                mention_item.append(i)
                labels.append(2 - it["label"] if men["comparedAgainst"] else it["label"])
                weights.append(balance[it["label"]] / len(ms))
                flipped.append(men["comparedAgainst"])
                offsets.append(with_rules(np.zeros(3), men["rules"]) if rules_in_training else np.zeros(3))
                m += 1
        self.n = m
        self.feat_ids = torch.tensor(feat_ids, dtype=torch.long)
        self.feat_vals = torch.tensor(feat_vals, dtype=torch.float32)
        self.feat_off = torch.tensor(feat_off, dtype=torch.long)
        self.word_ids = torch.tensor(word_ids, dtype=torch.long)
        self.word_codes = torch.tensor(word_codes, dtype=torch.long)
        self.word_mention = torch.tensor(word_mention, dtype=torch.long)
        self.word_weight = torch.tensor(word_weight, dtype=torch.float32)
        self.labels = torch.tensor(labels, dtype=torch.long)
        self.weights = torch.tensor(weights, dtype=torch.float32)
        self.flipped = np.array(flipped)
        # The rules' push, added to the scores while fitting so the weights learn what the rules leave to them.
        self.offsets = torch.tensor(np.array(offsets), dtype=torch.float32)
        self.mention_item = np.array(mention_item)
        # Mentions' word ranges, for batching: word rows are in mention order.
        self.word_start = np.searchsorted(np.array(word_mention), np.arange(m + 1))
        self.feat_end = np.append(np.array(feat_off), len(feat_ids))

    def batch(self, mentions):
        mentions = np.sort(mentions)
        fi, fv, fo, wi, wc, wm, ww = [], [], [], [], [], [], []
        total = 0
        for local, m in enumerate(mentions):
            a, b = self.feat_end[m], self.feat_end[m + 1]
            fo.append(total)
            total += b - a
            fi.append(self.feat_ids[a:b])
            fv.append(self.feat_vals[a:b])
            a, b = self.word_start[m], self.word_start[m + 1]
            wi.append(self.word_ids[a:b])
            wc.append(self.word_codes[a:b])
            ww.append(self.word_weight[a:b])
            wm.append(torch.full((b - a,), local, dtype=torch.long))
        return (
            torch.cat(fi), torch.cat(fv), torch.tensor(fo, dtype=torch.long),
            torch.cat(wi), torch.cat(wc), torch.cat(wm), torch.cat(ww), len(mentions),
        ), torch.as_tensor(mentions)


class Model(torch.nn.Module):
    def __init__(self, features, vectors, dim, hidden, use_vectors=True):
        super().__init__()
        self.sparse = torch.nn.EmbeddingBag(features, 3, mode="sum")
        torch.nn.init.zeros_(self.sparse.weight)
        self.intercepts = torch.nn.Parameter(torch.zeros(3))
        self.use_vectors = use_vectors
        self.vectors = torch.tensor(vectors)
        self.project = torch.nn.Parameter(torch.randn(2 * SLOTS, vectors.shape[1], dim) * 0.05)
        # Attention: how much each word counts within its slot, from its vector, and less the further it stands.
        self.attend = torch.nn.Parameter(torch.zeros(2 * SLOTS, vectors.shape[1]))
        self.reach = torch.nn.Parameter(torch.zeros(SLOTS))
        self.hidden = torch.nn.Linear(SLOTS * dim, hidden)
        self.out = torch.nn.Linear(hidden, 3)
        self.dropout = torch.nn.Dropout(0.3)

    def forward(self, batch):
        fi, fv, fo, wi, wc, wm, ww, n = batch
        scores = self.sparse(fi, fo, per_sample_weights=fv) + self.intercepts
        if not self.use_vectors:
            return scores
        vec = self.vectors[wi]
        slot = wc % SLOTS
        logit = (vec * self.attend[wc]).sum(1) - torch.nn.functional.softplus(self.reach[slot]) * torch.log(ww)
        share = torch.exp(logit.clamp(-8, 8))
        projected = torch.einsum("wd,wde->we", vec, self.project[wc]) * share[:, None]
        dim = projected.shape[1]
        sums = torch.zeros(n * SLOTS, dim).index_add_(0, wm * SLOTS + slot, projected)
        weights = torch.zeros(n * SLOTS).index_add_(0, wm * SLOTS + slot, share)
        pooled = (sums / weights.clamp(min=1e-6)[:, None]).reshape(n, SLOTS * dim)
        return scores + self.out(torch.tanh(self.hidden(self.dropout(pooled))))


def with_rules(scores, rules):
    moved = scores.copy()
    strength = math.tanh(rules["owned"] / 2) * RULE_WEIGHTS["owned"]
    if strength > 0:
        moved[2] += strength
    if strength < 0:
        moved[0] -= strength
    if rules["asksOrSupposes"]:
        moved[1] += RULE_WEIGHTS["asksOrSupposes"]
    if rules["polarWords"] == 0:
        moved[1] += RULE_WEIGHTS["noPolarWords"]
    return moved


def softmax(v):
    e = np.exp(v - v.max())
    return e / e.sum()


def predict(model, enc, item_ids):
    model.eval()
    wanted = [m for i in item_ids for m in enc.item_mentions[i]]
    scores = {}
    with torch.no_grad():
        for start in range(0, len(wanted), 512):
            batch, ms = enc.batch(np.array(wanted[start : start + 512]))
            for m, s in zip(ms.tolist(), model(batch).numpy()):
                scores[m] = s
    out = {}
    for i in item_ids:
        total = np.zeros(3)
        for m in enc.item_mentions[i]:
            men = enc.items[i]["mentions"][m - enc.item_mentions[i][0]]
            base = np.zeros(3) if men["comparedAgainst"] else scores[m]
            p = softmax(with_rules(base, men["rules"]))
            total += p[::-1] if men["comparedAgainst"] else p
        out[i] = int(np.argmax(total)) if enc.item_mentions[i] else 1
    return out


def fit(enc, train_items, args, vectors, n_features):
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    model = Model(n_features, vectors, args.dim, args.hidden, not args.no_vectors)
    sparse_params = list(model.sparse.parameters())
    dense_params = [p for n, p in model.named_parameters() if not n.startswith("sparse.")]
    opt_sparse = torch.optim.Adagrad(sparse_params, lr=args.sparse_rate)
    opt_dense = torch.optim.Adam(dense_params, lr=args.rate, weight_decay=args.decay)
    mentions = np.array([m for i in train_items for m in enc.item_mentions[i]])
    for epoch in range(args.epochs):
        model.train()
        order = rng.permutation(mentions)
        for start in range(0, len(order), args.batch):
            batch, ms = enc.batch(order[start : start + args.batch])
            scores = model(batch) + enc.offsets[ms]
            loss = torch.nn.functional.cross_entropy(scores, enc.labels[ms], reduction="none")
            loss = (loss * enc.weights[ms]).sum() / len(ms)
            loss = loss + args.l2 * model.sparse.weight.pow(2).sum() / len(mentions) * len(ms)
            opt_sparse.zero_grad(); opt_dense.zero_grad()
            loss.backward()
            opt_sparse.step(); opt_dense.step()
    return model


def macro_f1(gold, pred):
    f1s = []
    for c in range(3):
        tp = sum(1 for g, p in zip(gold, pred) if g == c and p == c)
        fp = sum(1 for g, p in zip(gold, pred) if g != c and p == c)
        fn = sum(1 for g, p in zip(gold, pred) if g == c and p != c)
        f1s.append(0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn))
    return sum(f1s) / 3, f1s


def report(items, predicted, title):
    figures = {}
    for file in sorted({it["file"] for it in items}):
        ids = [i for i in predicted if items[i]["file"] == file]
        gold = [items[i]["label"] for i in ids]
        pred = [predicted[i] for i in ids]
        f1, per = macro_f1(gold, pred)
        acc = sum(g == p for g, p in zip(gold, pred)) / len(ids)
        figures[file] = {"n": len(ids), "accuracy": round(acc, 4), "macroF1": round(f1, 4), "f1": [round(x, 4) for x in per]}
        print(f"{title} {file:36} n {len(ids):5}  accuracy {acc:.3f}  macro-F1 {f1:.3f}  F1 neg/neu/pos {per[0]:.3f} {per[1]:.3f} {per[2]:.3f}", flush=True)
    return figures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mentions")
    ap.add_argument("--cv", type=int, default=0)
    ap.add_argument("--eval", action="append", default=[])
    ap.add_argument("--out", help="with --no-vectors: write the fitted weights (sentiment-model.json's format)")
    ap.add_argument("--prune", type=float, default=0.02, help="leave out features whose weights are all smaller")
    ap.add_argument("--vectors", help="prefix of the trimmed vectors (trim-word-vectors.ts); not needed with --no-vectors")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--rate", type=float, default=2e-3)
    ap.add_argument("--sparse-rate", type=float, default=0.1)
    ap.add_argument("--decay", type=float, default=1e-5)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--dim", type=int, default=16)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--decay-distance", type=float, default=0.0)
    ap.add_argument("--min-count", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-vectors", action="store_true")
    ap.add_argument("--rules-in-training", action="store_true", help="fit with the rules' push added, as the analyser scores")
    ap.add_argument("--folds-only", type=int, default=0, help="run only the first N folds (quick experiments)")
    args = ap.parse_args()
    if args.out and not args.no_vectors:
        ap.error("--out writes the sparse model only: add --no-vectors")

    if not args.no_vectors and not args.vectors:
        ap.error("--vectors is needed unless --no-vectors")
    items = load_items(args.mentions)
    word_index, vectors = load_vectors(args.vectors) if args.vectors else ({}, np.zeros((1, 100), dtype=np.float32))
    counts = {}
    for it in items:
        for name in {n for men in it["mentions"] for n in men["features"]}:
            counts[name] = counts.get(name, 0) + 1
    names = sorted(n for n, c in counts.items() if c >= args.min_count)
    feature_index = {n: i for i, n in enumerate(names)}
    enc = Encoded(items, feature_index, word_index, args.decay_distance, args.rules_in_training)
    print(f"{len(items)} items, {enc.n} mentions, {len(names)} features, {len(enc.word_ids)} slot words in vocabulary", flush=True)

    if args.cv:
        predicted = {}
        for fold in range(args.folds_only or args.cv):
            train = [i for i in range(len(items)) if i % args.cv != fold]
            test = [i for i in range(len(items)) if i % args.cv == fold]
            model = fit(enc, train, args, vectors, len(names))
            predicted.update(predict(model, enc, test))
        figures = report(items, predicted, "cv")
        print(json.dumps({"folds": args.cv, "figures": figures}))

    if args.eval or args.out:
        model = fit(enc, list(range(len(items))), args, vectors, len(names))
        for path in args.eval:
            other = load_items(path)
            other_enc = Encoded(other, feature_index, word_index, args.decay_distance)
            report(other, predict(model, other_enc, list(range(len(other)))), "eval")
        if args.out:
            write_sparse_model(model, names, sorted({it["file"] for it in items}), args)


def write_sparse_model(model, names, files, args):
    """The weights in the format sentiment-model.ts loads; only the sparse part, so only with --no-vectors."""
    sparse = model.sparse.weight.detach().numpy().astype(np.float64)
    rounded = lambda value: round(float(value), 3)
    weights = {name: [rounded(v) for v in sparse[i]] for i, name in enumerate(names) if np.abs(sparse[i]).max() >= args.prune}
    digest = hashlib.sha256(json.dumps(weights, separators=(",", ":")).encode()).hexdigest()[:8]
    options = {key: getattr(args, key) for key in ("epochs", "batch", "sparse_rate", "l2", "min_count", "seed")}
    stored = {
        "version": f"lr-{digest}",
        "trainedOn": files,
        "options": options,
        "intercepts": [rounded(v) for v in model.intercepts.detach().numpy()],
        "weights": weights,
    }
    with open(args.out, "w", encoding="utf8") as f:
        f.write(json.dumps(stored, separators=(",", ":")) + "\n")
    print(f"wrote {args.out}: {len(weights)} features, version {stored['version']}")


if __name__ == "__main__":
    main()
