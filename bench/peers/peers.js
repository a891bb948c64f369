// Times one JavaScript peer library on a benchmark input (bench/compare.sh runs it).
//
// usage: NODE_PATH=.../node_modules node peers.js LIB PATH [OUT]
//   LIB: sabaki-sgf | jkf-kif | jkf-ki2 | jkf-csa | tsshogi-kif | tsshogi-ki2 | tsshogi-csa
//        (parse only), or a conversion (OUT needed): sabaki-sgf-sgf | jkf-kif-jkf |
//        jkf-csa-jkf | tsshogi-kif-csa | tsshogi-csa-kif | tsshogi-kif-ki2
//   PATH: an SGF collection (sabaki-sgf) or a folder of .kif/.ki2/.csa files
//   OUT: a conversion writes there (a file for SGF, a folder for shogi, made if
//        missing), in UTF-8; the writes are timed with the conversion
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

// Conversions: text in, text out (or null when the input is refused).
function sabakiConvert() {
  const sgf = require("@sabaki/sgf");
  return (text) => sgf.stringify(sgf.parse(text));
}

function jkfConvert(kind) {
  const { JKFPlayer } = require("json-kifu-format");
  const parse = { kif: JKFPlayer.parseKIF, csa: JKFPlayer.parseCSA }[kind];
  return (text) => JSON.stringify(parse.call(JKFPlayer, text).toJKF());
}

function tsshogiConvert(from, to) {
  const ts = require("tsshogi");
  const parse = { kif: ts.importKIF, csa: ts.importCSA }[from];
  const write = { csa: ts.exportCSA, kif: ts.exportKIF, ki2: ts.exportKI2 }[to];
  return (text) => {
    const record = parse(text);
    if (record instanceof Error) throw record;
    return write(record);
  };
}

// name: [input extension, make, output extension]
const CONVERSIONS = {
  "sabaki-sgf-sgf": ["sgf", sabakiConvert, "sgf"],
  "jkf-kif-jkf": ["kif", () => jkfConvert("kif"), "jkf"],
  "jkf-csa-jkf": ["csa", () => jkfConvert("csa"), "jkf"],
  "tsshogi-kif-csa": ["kif", () => tsshogiConvert("kif", "csa"), "csa"],
  "tsshogi-csa-kif": ["csa", () => tsshogiConvert("csa", "kif"), "kif"],
  "tsshogi-kif-ki2": ["kif", () => tsshogiConvert("kif", "ki2"), "ki2"],
};

const LIBS = {
  "sabaki-sgf": ["sgf", sabaki],
  "jkf-kif": ["kif", () => jkf("kif")],
  "jkf-ki2": ["ki2", () => jkf("ki2")],
  "jkf-csa": ["csa", () => jkf("csa")],
  "tsshogi-kif": ["kif", () => tsshogi("kif")],
  "tsshogi-ki2": ["ki2", () => tsshogi("ki2")],
  "tsshogi-csa": ["csa", () => tsshogi("csa")],
};

const [lib, input, out] = process.argv.slice(2);
const conversion = CONVERSIONS[lib];
const [ext, make] = conversion || LIBS[lib];
const parseOne = make();
let bufs;
let texts;
let files = [path.basename(input)];
if (ext === "sgf") {
  bufs = [fs.readFileSync(input)];
  texts = [new TextDecoder("utf-8").decode(bufs[0])];
} else {
  files = fs
    .readdirSync(input)
    .filter((f) => f.endsWith("." + ext))
    .sort();
  bufs = files.map((f) => fs.readFileSync(path.join(input, f)));
  const decoder = new TextDecoder("shift_jis");
  texts = bufs.map((b) => decoder.decode(b));
}
const bytes = bufs.reduce((a, b) => a + b.length, 0);
if (conversion && ext !== "sgf") fs.mkdirSync(out, { recursive: true });
const start = process.hrtime.bigint();
if (conversion) {
  // Each input converted and written (SGF: one collection, one output file).
  let ok = 0;
  let failed = 0;
  texts.forEach((t, i) => {
    try {
      const written = parseOne(t);
      const dest = ext === "sgf" ? out : path.join(out, files[i].replace(/\.[^.]*$/, "." + conversion[2]));
      fs.writeFileSync(dest, written);
      ok++;
    } catch (e) {
      failed++;
    }
  });
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${lib}: seconds=${secs.toFixed(6)} items=${ok + failed} ok=${ok} failed=${failed} crashed=0 bytes=${bytes}`
  );
  process.exit(0);
}
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
