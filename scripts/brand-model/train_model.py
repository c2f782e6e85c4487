"""Fits the brand sentiment model and cross-validates it exactly as the analyser reads verdicts (rules, mentions'
probabilities summed, a compared-against mention turned around).

The shipped model is the sparse part: intercepts + sum of feature weight x value over the features of
mention-features.ts, fitted with mini-batch AdaGrad and L2 on every weight; --out writes it as
core/brand/sentiment/sentiment-model.json (`npm run brand:train` does this).

With --vectors PREFIX (GloVe vectors from trim-word-vectors.ts) a second part is fitted beside it, to measure
whether it helps: the context reader, reading the mention's window of words (context-window.ts, --window) as word
vectors and distance embeddings through one width-3 convolution, max- and nearness-pooled, to three scores. Per
mention the verdict then takes (1 - w) x (sparse scores moved by the rules) + w x (context scores), for each w of
WEIGHT_GRID. It did not earn its place (docs/brand-analysis.md), so its weights are never written.

Usage (python3 with torch and numpy, e.g. Debian's python3-torch; the mentions from
`node --import tsx scripts/brand-model/dump-mentions.ts MENTIONS.jsonl DATA_FILE...`):
    python3 scripts/brand-model/train_model.py MENTIONS.jsonl [--cv 5] [--out MODEL.json] [--eval OTHER.jsonl]
    python3 scripts/brand-model/train_model.py MENTIONS.jsonl --vectors PREFIX [--window near] [--cv 5] [--eval OTHER.jsonl]
With --cv K --folds-only 1 it fits on the items whose position is not a multiple of K and scores the rest: the
fixed split the floor test checks. Deterministic: fixed seeds, one thread.
"""
import argparse, hashlib, json, math
import numpy as np
import torch

torch.set_num_threads(1)
WEIGHT_GRID = [0.2, 0.3, 0.4, 0.5, 0.6]
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


PAD, UNK = 0, 1
TARGET_WORD = "<t>"
DISTANCES = 32  # 0 padding, 1..31 (see context-window.ts)


def context_vocabulary(items, glove_index, size, window_key):
    """The context reader's words: every training window word GloVe knows or that occurs twice, then GloVe's most
    frequent words (its file order) up to `size`. Other words read as <unk>, in training as in the worker."""
    counts = {}
    for it in items:
        for men in it["mentions"]:
            for w in men["windows"][window_key]["words"]:
                counts[w] = counts.get(w, 0) + 1
    words = ["<pad>", "<unk>", TARGET_WORD]
    seen = set(words)
    for w in sorted(counts, key=lambda w: (-counts[w], w)):
        if w not in seen and (w in glove_index or counts[w] >= 2):
            words.append(w); seen.add(w)
    for w in sorted(glove_index, key=glove_index.get):
        if len(words) >= size:
            break
        if w not in seen:
            words.append(w); seen.add(w)
    return words


class Encoded:
    """The items' mentions as tensors: sparse feature bags and context windows."""

    def __init__(self, items, feature_index, word_index, window_key, rules_in_training=False, file_weights=None):
        self.items = items
        mention_item, feat_ids, feat_vals, feat_off = [], [], [], []
        windows = []
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
                win = men["windows"][window_key]
                windows.append(([word_index.get(w, UNK) for w in win["words"]], win["distances"]))
                mention_item.append(i)
                labels.append(2 - it["label"] if men["comparedAgainst"] else it["label"])
                weights.append(balance[it["label"]] / len(ms) * (file_weights or {}).get(it["file"], 1.0))
                flipped.append(men["comparedAgainst"])
                offsets.append(with_rules(np.zeros(3), men["rules"]) if rules_in_training else np.zeros(3))
                m += 1
        self.n = m
        self.feat_ids = torch.tensor(feat_ids, dtype=torch.long)
        self.feat_vals = torch.tensor(feat_vals, dtype=torch.float32)
        self.feat_end = np.append(np.array(feat_off, dtype=np.int64), len(feat_ids))
        longest = max([len(w[0]) for w in windows] + [1])
        self.words = torch.zeros((m, longest), dtype=torch.long)
        self.distances = torch.zeros((m, longest), dtype=torch.long)
        for k, (ids, dist) in enumerate(windows):
            self.words[k, : len(ids)] = torch.tensor(ids, dtype=torch.long)
            self.distances[k, : len(dist)] = torch.tensor(dist, dtype=torch.long)
        self.labels = torch.tensor(labels, dtype=torch.long)
        self.weights = torch.tensor(weights, dtype=torch.float32)
        self.flipped = np.array(flipped)
        # The rules' push, added to the scores while fitting so the weights learn what the rules leave to them.
        self.offsets = torch.tensor(np.array(offsets), dtype=torch.float32)
        self.mention_item = np.array(mention_item)

    def batch(self, mentions):
        mentions = np.sort(mentions)
        fi, fv, fo = [], [], []
        total = 0
        for m in mentions:
            a, b = self.feat_end[m], self.feat_end[m + 1]
            fo.append(total)
            total += b - a
            fi.append(self.feat_ids[a:b])
            fv.append(self.feat_vals[a:b])
        ms = torch.as_tensor(mentions)
        return (torch.cat(fi), torch.cat(fv), torch.tensor(fo, dtype=torch.long), self.words[ms], self.distances[ms]), ms


class Model(torch.nn.Module):
    """One part of the analyser's model: the sparse feature weights, or the context reader (a width-3 convolution
    over the window's word vectors and distance embeddings, max- and nearness-pooled, then three class scores)."""

    def __init__(self, features, embeddings, filters, part):
        super().__init__()
        self.part = part
        if part == "sparse":
            self.sparse = torch.nn.EmbeddingBag(features, 3, mode="sum")
            torch.nn.init.zeros_(self.sparse.weight)
            self.intercepts = torch.nn.Parameter(torch.zeros(3))
            return
        self.embed = torch.nn.Embedding.from_pretrained(torch.tensor(embeddings), freeze=False, padding_idx=PAD)
        self.distance = torch.nn.Embedding(DISTANCES, 16, padding_idx=0)
        self.conv = torch.nn.Conv1d(embeddings.shape[1] + 16, filters, 3, padding=1)
        self.out = torch.nn.Linear(2 * filters, 3)
        self.dropout = torch.nn.Dropout(0.5)

    def forward(self, batch):
        fi, fv, fo, words, distances = batch
        if self.part == "sparse":
            return self.sparse(fi, fo, per_sample_weights=fv) + self.intercepts
        return self.context(words, distances)

    def context(self, words, distances):
        mask = (words != PAD).float()
        x = self.dropout(torch.cat([self.embed(words), self.distance(distances)], -1))
        c = torch.relu(self.conv(x.transpose(1, 2))).transpose(1, 2) * mask.unsqueeze(-1)
        nearness = mask / distances.clamp(min=1).float()
        pooled = torch.cat([c.max(1).values, (c * nearness.unsqueeze(-1)).sum(1) / nearness.sum(1, keepdim=True).clamp(min=1e-6)], -1)
        return self.out(self.dropout(pooled))


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


def mention_scores(model, enc, item_ids):
    """Per mention of the items, the part's three class scores (no rules)."""
    model.eval()
    wanted = [m for i in item_ids for m in enc.item_mentions[i]]
    scores = {}
    with torch.no_grad():
        for start in range(0, len(wanted), 512):
            batch, ms = enc.batch(np.array(wanted[start : start + 512]))
            for m, s in zip(ms.tolist(), model(batch).numpy()):
                scores[m] = s
    return scores


def verdicts(enc, item_ids, sparse, context, weight):
    """The analyser's verdict rule (targeted-sentiment.ts): per mention, the sparse scores moved by the rules and the
    context reader's scores, mixed by `weight`; a compared-against mention by the rules alone, turned around; the
    mentions' probabilities summed. Returns each item's label."""
    labels = {}
    for i in item_ids:
        total = np.zeros(3)
        for m in enc.item_mentions[i]:
            men = enc.items[i]["mentions"][m - enc.item_mentions[i][0]]
            if men["comparedAgainst"]:
                p = softmax(with_rules(np.zeros(3), men["rules"]))[::-1]
            elif men["rules"].get("asks"):
                p = softmax(with_rules(np.zeros(3), men["rules"]))
            else:
                mixed = (1 - weight) * with_rules(sparse[m], men["rules"])
                if context is not None:
                    mixed = mixed + weight * context[m]
                p = softmax(mixed)
            total += p
        labels[i] = int(np.argmax(total)) if enc.item_mentions[i] else 1
    return labels


PASSAGE_WIDTH = 29


def mention_probabilities(enc, item, sparse, context=None, weight=0.0):
    """Per mention of one item, its class probabilities as the analyser computes them (mentionProbabilities in
    targeted-sentiment.ts: the sparse scores moved by the rules, mixed with the context reader's at `weight`; the
    rules alone for a question, and turned around when compared against), in mention order."""
    probs = []
    for m in enc.item_mentions[item]:
        men = enc.items[item]["mentions"][m - enc.item_mentions[item][0]]
        if men["comparedAgainst"]:
            probs.append(softmax(with_rules(np.zeros(3), men["rules"]))[::-1])
        elif men["rules"].get("asks"):
            probs.append(softmax(with_rules(np.zeros(3), men["rules"])))
        else:
            mixed = with_rules(sparse[m], men["rules"])
            if context is not None:
                mixed = (1 - weight) * mixed + weight * context[m]
            probs.append(softmax(mixed))
    return probs


def passage_features(item, probs):
    """Exactly passageFeatures of core/brand/sentiment/passage-verdict.ts."""
    x = np.zeros(2 * PASSAGE_WIDTH)
    n = len(probs)
    places = [men["placement"] for men in item["mentions"]]
    mean = sum(probs) / n
    verdict = [p for p, pl in zip(probs, places) if pl["verdict"]]
    closing = [p for p, pl in zip(probs, places) if pl["closing"]]
    asks = [men["rules"]["asksOrSupposes"] for men in item["mentions"]]
    stated = [p for p, a in zip(probs, asks) if not a]
    avg = lambda ps: (sum(ps) / len(ps)) if ps else np.zeros(3)
    values = [*mean, max(p[0] for p in probs), max(p[2] for p in probs),
              *avg(verdict), 1.0 if verdict else 0.0,
              *probs[-1], *probs[0],
              math.log1p(n), sum(pl["heading"] for pl in places) / n, sum(pl["questionHeading"] for pl in places) / n,
              1.0 if any(pl["bold"] for pl in places) else 0.0, sum(pl["tableRow"] for pl in places) / n,
              *avg(closing), 1.0 if closing else 0.0,
              *avg(stated), sum(asks) / n, 1.0]
    at = PASSAGE_WIDTH if item["isPassage"] else 0
    x[at : at + PASSAGE_WIDTH] = values
    return x


def fit_passage(xs, labels, weights, l2, seed):
    """The passage combiner: multinomial logistic regression with L2, fitted by L-BFGS; returns 3 x features."""
    torch.manual_seed(seed)
    x = torch.tensor(np.array(xs), dtype=torch.float64)
    y = torch.tensor(labels, dtype=torch.long)
    w = torch.tensor(weights, dtype=torch.float64)
    W = torch.zeros((3, x.shape[1]), dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([W], max_iter=500, line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        loss = (torch.nn.functional.cross_entropy(x @ W.T, y, reduction="none") * w).sum() / w.sum() + l2 * W.pow(2).sum()
        loss.backward()
        return loss

    opt.step(closure)
    return W.detach().numpy()


def passage_training(enc, item_ids, sparse, file_weights, context=None, weight=0.0):
    """The combiner's inputs for these items from their mentions' (out-of-fold) sparse scores, with class-balanced
    weights per file (times the file's weight)."""
    xs, labels, weights = [], [], []
    by_file = {}
    for i in item_ids:
        by_file.setdefault(enc.items[i]["file"], []).append(enc.items[i]["label"])
    balance = {f: len(ls) / (3 * np.maximum(np.bincount(ls, minlength=3), 1)) for f, ls in by_file.items()}
    for i in item_ids:
        it = enc.items[i]
        if not enc.item_mentions[i]:
            continue
        xs.append(passage_features(it, mention_probabilities(enc, i, sparse, context, weight)))
        labels.append(it["label"])
        weights.append(balance[it["file"]][it["label"]] * (file_weights or {}).get(it["file"], 1.0))
    return xs, labels, weights


def passage_verdicts(enc, item_ids, sparse, W, context=None, weight=0.0):
    labels = {}
    for i in item_ids:
        if not enc.item_mentions[i]:
            labels[i] = 1
            continue
        scores = W @ passage_features(enc.items[i], mention_probabilities(enc, i, sparse, context, weight))
        labels[i] = int(np.argmax(scores))
    return labels


def fit(enc, train_items, args, embeddings, n_features, part):
    """Fits one part of the model alone: "sparse" (the feature weights) or "context" (the reader). Fitted together,
    the sparse weights learn the training items by heart within an epoch and leave the reader nothing to learn."""
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    model = Model(n_features, embeddings, args.filters, part)
    if part == "sparse":
        # AdaGrad for the many sparse weights, Adam for the three intercepts.
        optimisers = [torch.optim.Adagrad(model.sparse.parameters(), lr=args.sparse_rate),
                      torch.optim.Adam([model.intercepts], lr=args.intercept_rate, weight_decay=args.intercept_decay)]
    else:
        optimisers = [torch.optim.Adam(model.parameters(), lr=args.rate, weight_decay=args.decay)]
    mentions = np.array([m for i in train_items for m in enc.item_mentions[i]])
    for epoch in range(args.epochs if part == "sparse" else args.context_epochs):
        model.train()
        order = rng.permutation(mentions)
        for start in range(0, len(order), args.batch):
            batch, ms = enc.batch(order[start : start + args.batch])
            scores = model(batch) + (enc.offsets[ms] if part == "sparse" else 0)
            loss = torch.nn.functional.cross_entropy(scores, enc.labels[ms], reduction="none")
            loss = (loss * enc.weights[ms]).sum() / len(ms)
            if part == "sparse":
                loss = loss + args.l2 * model.sparse.weight.pow(2).sum() / len(mentions) * len(ms)
            for optimiser in optimisers:
                optimiser.zero_grad()
            loss.backward()
            for optimiser in optimisers:
                optimiser.step()
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


def initial_embeddings(words, glove_index, glove, seed):
    """GloVe's vector for each context word it knows, small random ones for the rest (and zeros for padding)."""
    rng = np.random.default_rng(seed)
    table = rng.normal(0, 0.1, (len(words), glove.shape[1])).astype(np.float32)
    table[PAD] = 0
    for row, word in enumerate(words):
        k = glove_index.get(word)
        if k is not None:
            table[row] = glove[k]
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mentions")
    ap.add_argument("--cv", type=int, default=0)
    ap.add_argument("--eval", action="append", default=[])
    ap.add_argument("--out", help="write the fitted sparse weights (sentiment-model.json's format) here")
    ap.add_argument("--prune", type=float, default=0.02, help="leave out features whose weights are all smaller")
    ap.add_argument("--vectors", help="prefix of the trimmed GloVe vectors (trim-word-vectors.ts): also fit the context reader")
    ap.add_argument("--window", default="sentence", choices=["sentence", "near", "wide"], help="which of the dump's windows the reader reads")
    ap.add_argument("--vocabulary", type=int, default=30000)
    ap.add_argument("--filters", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--rate", type=float, default=1e-3)
    ap.add_argument("--sparse-rate", type=float, default=0.1)
    ap.add_argument("--intercept-rate", type=float, default=2e-3)
    ap.add_argument("--intercept-decay", type=float, default=1e-5)
    ap.add_argument("--decay", type=float, default=0.0)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--min-count", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rules-in-training", action="store_true", help="fit with the rules' push added, as the analyser scores")
    ap.add_argument("--folds-only", type=int, default=0, help="run only the first N folds (quick experiments)")
    ap.add_argument("--file-weight", action="append", default=[], help="FILE=W: each item of that file counts W times in the loss")
    ap.add_argument("--rule-weights", help="owned,asksOrSupposes,noPolarWords: the rules' push (default the analyser's)")
    ap.add_argument("--out-reader", help="with --vectors: write the context reader as PREFIX.json and PREFIX-vectors.bin")
    ap.add_argument("--passage", action="store_true", help="fit the passage combiner (passage-verdict.ts) on out-of-fold probabilities")
    ap.add_argument("--passage-l2", type=float, default=1e-3)
    ap.add_argument("--group-folds", action="store_true", help="folds by the item's group (its text), so one passage's items never sit on both sides")
    ap.add_argument("--context-epochs", type=int, default=6)
    ap.add_argument("--weight", type=float, help="the context reader's share of the mention scores (default: each of WEIGHT_GRID)")
    args = ap.parse_args()

    items = load_items(args.mentions)
    if args.vectors:
        glove_index, glove = load_vectors(args.vectors)
        words = context_vocabulary(items, glove_index, args.vocabulary, args.window)
        embeddings = initial_embeddings(words, glove_index, glove, args.seed)
    else:
        words, embeddings = ["<pad>", "<unk>"], None  # the sparse part alone reads no window
    word_index = {w: i for i, w in enumerate(words)}
    counts = {}
    for it in items:
        for name in {n for men in it["mentions"] for n in men["features"]}:
            counts[name] = counts.get(name, 0) + 1
    names = sorted(n for n, c in counts.items() if c >= args.min_count)
    feature_index = {n: i for i, n in enumerate(names)}
    file_weights = {name: float(w) for name, w in (pair.split("=") for pair in args.file_weight)}
    if args.rule_weights:
        RULE_WEIGHTS.update(zip(["owned", "asksOrSupposes", "noPolarWords"], map(float, args.rule_weights.split(","))))
    enc = Encoded(items, feature_index, word_index, args.window, args.rules_in_training, file_weights)
    print(f"{len(items)} items, {enc.n} mentions, {len(names)} features" + (f", {len(words)} context words" if args.vectors else ""), flush=True)

    parts = ["sparse", "context"] if args.vectors else ["sparse"]
    weights = ([args.weight] if args.weight is not None else WEIGHT_GRID) if args.vectors else [0.0]
    weight = weights[0]
    if args.cv:
        scores = {part: {} for part in parts}
        fold_of = [item_fold(it, i, args) for i, it in enumerate(items)]
        for fold in range(args.folds_only or args.cv):
            train = [i for i in range(len(items)) if fold_of[i] != fold]
            test = [i for i in range(len(items)) if fold_of[i] == fold]
            for part in parts:
                scores[part].update(mention_scores(fit(enc, train, args, embeddings, len(names), part), enc, test))
        tested = [i for i in range(len(items)) if fold_of[i] < (args.folds_only or args.cv)]
        best = None
        for w in weights:
            predicted = verdicts(enc, tested, scores["sparse"], scores.get("context"), w)
            figures = report(items, predicted, f"cv weight {w:.2f}" if args.vectors else "cv")
            mean = sum(f["macroF1"] for f in figures.values()) / len(figures)
            if best is None or mean > best[0]:
                best = (mean, w, figures)
        _, weight, figures = best
        oof_sparse, oof_context = scores["sparse"], scores.get("context")
        if args.passage:
            # Stacked: the combiner is fitted on the other folds' out-of-fold probabilities and scores this fold's.
            predicted = {}
            for fold in range(args.folds_only or args.cv):
                train = [i for i in tested if fold_of[i] != fold]
                test = [i for i in tested if fold_of[i] == fold]
                xs, ys, ws = passage_training(enc, train, oof_sparse, file_weights, oof_context, weight)
                combiner = fit_passage(xs, ys, ws, args.passage_l2, args.seed)
                predicted.update(passage_verdicts(enc, test, oof_sparse, combiner, oof_context, weight))
            figures = report(items, predicted, "cv passage")
        print(json.dumps({"folds": args.cv, "weight": weight, "figures": figures}))

    if args.eval or args.out:
        every = list(range(len(items)))
        models = {part: fit(enc, every, args, embeddings, len(names), part) for part in parts}
        passage = None
        if args.passage:
            if not args.cv:
                raise SystemExit("--passage needs --cv: the combiner is fitted on out-of-fold probabilities")
            xs, ys, ws = passage_training(enc, tested, oof_sparse, file_weights, oof_context, weight)
            passage = fit_passage(xs, ys, ws, args.passage_l2, args.seed)
        if "context" in models:
            # The worker reads 8-bit word vectors: score with exactly those from here on.
            quantise_embeddings(models["context"])
        for path in args.eval:
            other = load_items(path)
            other_enc = Encoded(other, feature_index, word_index, args.window)
            ids = list(range(len(other)))
            context = mention_scores(models["context"], other_enc, ids) if "context" in models else None
            sparse_scores = mention_scores(models["sparse"], other_enc, ids)
            if passage is not None:
                report(other, passage_verdicts(other_enc, ids, sparse_scores, passage, context, weight), "eval")
            else:
                report(other, verdicts(other_enc, ids, sparse_scores, context, weight), "eval")
        files = sorted({it["file"] for it in items})
        if args.out:
            write_sparse_model(models["sparse"], names, files, args, passage, weight if "context" in models else None)
        if args.out_reader and "context" in models:
            write_context_reader(models["context"], words, args.out_reader, weight)


def item_fold(item, position, args):
    """The fold an item is scored in: its position modulo K, or with --group-folds its group's digest modulo K."""
    if args.group_folds and "group" in item:
        return int(item["group"], 16) % args.cv
    return position % args.cv


def quantise_embeddings(model):
    """Each word vector to 8 bits with its own scale, as the worker stores them (context-reader-vectors.bin)."""
    with torch.no_grad():
        table = model.embed.weight
        scales = table.abs().max(1, keepdim=True).values.clamp(min=1e-12) / 127
        table.copy_(torch.round(table / scales) * scales)


def write_context_reader(model, words, prefix, weight):
    """The context reader as context-reader.ts loads it: PREFIX.json (vocabulary, distance embeddings, convolution,
    output layer, its share w) and PREFIX-vectors.bin (per word a float32 scale, then per word its int8 values)."""
    table = model.embed.weight.detach().numpy().astype(np.float32)
    scales = np.maximum(np.abs(table).max(1), 1e-12) / 127
    values = np.round(table / scales[:, None]).astype(np.int8)
    r4 = lambda a: np.round(np.asarray(a, dtype=np.float64), 5).tolist()
    meta = {
        "dimensions": int(table.shape[1]),
        "filters": int(model.conv.out_channels),
        "weight": weight,
        "words": words,
        "distance": r4(model.distance.weight.detach().numpy()),
        "convWeight": r4(model.conv.weight.detach().numpy()),
        "convBias": r4(model.conv.bias.detach().numpy()),
        "outWeight": r4(model.out.weight.detach().numpy()),
        "outBias": r4(model.out.bias.detach().numpy()),
    }
    meta["version"] = hashlib.sha256(json.dumps(meta, separators=(",", ":")).encode() + values.tobytes()).hexdigest()[:8]
    with open(prefix + ".json", "w", encoding="utf8") as f:
        f.write(json.dumps(meta, separators=(",", ":")) + "\n")
    with open(prefix + "-vectors.bin", "wb") as f:
        f.write(scales.astype("<f4").tobytes() + values.tobytes())
    print(f"wrote {prefix}.json and {prefix}-vectors.bin: {len(words)} words, version {meta['version']}")


def write_sparse_model(model, names, files, args, passage=None, reader_weight=None):
    """The sparse weights (and the passage combiner's, and the rules' weights) in the format sentiment-model.ts loads."""
    sparse = model.sparse.weight.detach().numpy().astype(np.float64)
    rounded = lambda value: round(float(value), 3)
    weights = {name: [rounded(v) for v in sparse[i]] for i, name in enumerate(names) if np.abs(sparse[i]).max() >= args.prune}
    extra = {"rules": RULE_WEIGHTS}
    if reader_weight is not None:
        extra["contextReader"] = {"weight": reader_weight}
    if passage is not None:
        extra["passage"] = {"weights": [[round(float(v), 4) for v in row] for row in passage]}
    digest = hashlib.sha256(json.dumps([weights, extra], separators=(",", ":")).encode()).hexdigest()[:8]
    options = {key: getattr(args, key) for key in ("epochs", "batch", "sparse_rate", "l2", "min_count", "seed", "file_weight", "passage_l2")}
    stored = {
        "version": f"lr-{digest}",
        "trainedOn": files,
        "options": options,
        "intercepts": [rounded(v) for v in model.intercepts.detach().numpy()],
        "weights": weights,
        **extra,
    }
    with open(args.out, "w", encoding="utf8") as f:
        f.write(json.dumps(stored, separators=(",", ":")) + "\n")
    print(f"wrote {args.out}: {len(weights)} features, version {stored['version']}")


if __name__ == "__main__":
    main()
