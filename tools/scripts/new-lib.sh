#!/usr/bin/env bash
# Creates the skeleton of a library: libs/<name>, importable as @pipeline/<name>, tagged scope:<name>.
# Usage: tools/scripts/new-lib.sh <name>
set -euo pipefail
name=$1
root=libs/$name
cd "$(dirname "$0")/../.."
[ -e "$root" ] && { echo "$root exists" >&2; exit 1; }
mkdir -p "$root/src"
cat > "$root/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$root/src",
  "projectType": "library",
  "tags": ["type:lib", "scope:$name"],
  "targets": {
    "build": {
      "executor": "@nx/js:tsc",
      "outputs": ["{options.outputPath}"],
      "options": {
        "outputPath": "dist/$root",
        "main": "$root/src/index.ts",
        "tsConfig": "$root/tsconfig.lib.json"
      }
    },
    "typecheck": {
      "executor": "nx:run-commands",
      "dependsOn": ["^typecheck"],
      "options": {
        "cwd": "$root",
        "command": "tsc -b tsconfig.json --emitDeclarationOnly"
      }
    }
  }
}
JSON
cat > "$root/package.json" <<JSON
{
  "name": "@pipeline/$name",
  "version": "0.1.0",
  "private": true,
  "main": "./src/index.js",
  "types": "./src/index.d.ts"
}
JSON
cat > "$root/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "files": [],
  "include": [],
  "references": [{ "path": "./tsconfig.lib.json" }, { "path": "./tsconfig.spec.json" }]
}
JSON
cat > "$root/tsconfig.lib.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/out-tsc", "composite": true },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/__fixtures__/**"]
}
JSON
cat > "$root/tsconfig.spec.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/out-tsc", "types": ["jest", "node"], "composite": true },
  "include": ["src/**/*.spec.ts", "src/**/__fixtures__/**/*.ts", "test/**/*.ts"],
  "references": [{ "path": "tsconfig.lib.json" }]
}
JSON
cat > "$root/jest.config.js" <<JS
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: '$name',
  rootDir: __dirname,
};
JS
cat > "$root/eslint.config.mjs" <<JS
import baseConfig from '../../eslint.config.mjs';

export default [...baseConfig];
JS
node -e '
const fs=require("fs");const f="tsconfig.base.json";const t=JSON.parse(fs.readFileSync(f,"utf8"));
t.compilerOptions.paths["@pipeline/'"$name"'"]=["'"$root"'/src/index.ts"];
t.compilerOptions.paths=Object.fromEntries(Object.entries(t.compilerOptions.paths).sort());
fs.writeFileSync(f, JSON.stringify(t,null,2)+"\n");'
echo "created $root (once it imports other libraries: node tools/scripts/tsconfig-references.cjs --write)"
