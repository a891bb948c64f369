// Times json-kifu-format's KIF and KI2 parsers on the generated corpus.
// Usage: node shogi_peers.js DIR  (with json-kifu-format installed via npm)
const fs = require("fs");
const path = require("path");
const { JKFPlayer } = require("json-kifu-format");

const dir = process.argv[2];
const decoder = new TextDecoder("shift_jis");
for (const ext of [".kif", ".ki2"]) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(ext)).sort();
  const bufs = files.map((f) => fs.readFileSync(path.join(dir, f)));
  const size = bufs.reduce((a, b) => a + b.length, 0);
  const texts = bufs.map((b) => decoder.decode(b));
  const start = process.hrtime.bigint();
  let ok = 0;
  let failed = 0;
  for (const t of texts) {
    try {
      if (ext === ".kif") JKFPlayer.parseKIF(t);
      else JKFPlayer.parseKI2(t);
      ok++;
    } catch (e) {
      failed++;
    }
  }
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `json-kifu-format ${ext.slice(1)}: ${ok} parsed, ${failed} failed, ${secs.toFixed(3)} s: ` +
      `${(texts.length / secs).toFixed(0)} games/s, ${(size / 1e6 / secs).toFixed(1)} MB/s`
  );
}
