// Times one JavaScript peer library on a benchmark input (bench/compare.sh runs it).
//
// usage: NODE_PATH=.../node_modules node peers.js LIB PATH
//   LIB: sabaki-sgf | jkf-kif | jkf-ki2 | jkf-csa | tsshogi-kif | tsshogi-ki2 | tsshogi-csa
//   PATH: an SGF collection (sabaki-sgf) or a folder of .kif/.ki2/.csa files
//
// Files are read and decoded (UTF-8 for SGF, Shift_JIS for shogi) before the clock
// starts; process.hrtime times only the library's parsing, not node's start-up or
// the require. Prints one line:
//   LIB: seconds=S items=N ok=K failed=F crashed=0 bytes=B
const fs = require("fs");
const path = require("path");

function sabaki() {
  const sgf = require("@sabaki/sgf");
  return (text) => sgf.parse(text).length;
}

function jkf(kind) {
  const { JKFPlayer } = require("json-kifu-format");
  const parse = { kif: JKFPlayer.parseKIF, ki2: JKFPlayer.parseKI2, csa: JKFPlayer.parseCSA }[kind];
  return (text) => {
    parse.call(JKFPlayer, text);
    return 1;
  };
}

function tsshogi(kind) {
  const ts = require("tsshogi");
  const parse = { kif: ts.importKIF, ki2: ts.importKI2, csa: ts.importCSA }[kind];
  return (text) => {
    const record = parse(text);
    if (record instanceof Error) throw record;
    return 1;
  };
}

const LIBS = {
  "sabaki-sgf": ["sgf", sabaki],
  "jkf-kif": ["kif", () => jkf("kif")],
  "jkf-ki2": ["ki2", () => jkf("ki2")],
  "jkf-csa": ["csa", () => jkf("csa")],
  "tsshogi-kif": ["kif", () => tsshogi("kif")],
  "tsshogi-ki2": ["ki2", () => tsshogi("ki2")],
  "tsshogi-csa": ["csa", () => tsshogi("csa")],
};

const [lib, input] = process.argv.slice(2);
const [ext, make] = LIBS[lib];
const parseOne = make();
let bufs;
let texts;
if (ext === "sgf") {
  bufs = [fs.readFileSync(input)];
  texts = [new TextDecoder("utf-8").decode(bufs[0])];
} else {
  const files = fs
    .readdirSync(input)
    .filter((f) => f.endsWith("." + ext))
    .sort();
  bufs = files.map((f) => fs.readFileSync(path.join(input, f)));
  const decoder = new TextDecoder("shift_jis");
  texts = bufs.map((b) => decoder.decode(b));
}
const bytes = bufs.reduce((a, b) => a + b.length, 0);
const start = process.hrtime.bigint();
let items = 0;
let ok = 0;
let failed = 0;
for (const t of texts) {
  try {
    const n = parseOne(t);
    items += n;
    ok += n;
  } catch (e) {
    items++;
    failed++;
  }
}
const secs = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
  `${lib}: seconds=${secs.toFixed(6)} items=${items} ok=${ok} failed=${failed} crashed=0 bytes=${bytes}`
);
