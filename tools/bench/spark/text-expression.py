"""What DuckDB's text of a double costs in Spark itself, variant by variant, in one JVM (the
figures of docs/performance.md's Spark section, "night" rows).

  node -e "require('esbuild').buildSync({entryPoints: ['libs/engine-spark/src/duckdb-text.ts'], bundle: true,
    platform: 'node', outfile: 'tmp/dt.js', logLevel: 'error'}); console.log(require('./tmp/dt.js').floatingText('\\`d\\`', 'double'))" > tmp/after.sql
  (the same at the commit before a change, > tmp/before.sql)
  PYTHONPATH=~/.cache/pipeline-test-spark/pyspark-4.0.5 python tools/bench/spark/text-expression.py 1000000 \\
      d:plain d:tmp/before.sql d:tmp/after.sql d:tmp/after.sql d:tmp/before.sql s:tmp/before.sql s:tmp/after.sql ...

A pyspark session of its own (local[2]) caches `rows` rows: `d`, random 16-17-digit doubles, and
`s`, two-decimal ones; then each `column:variant` writes the variant's text of that column to the
`noop` sink and prints the seconds (`plain` is Java's CAST to STRING). Put each variant several
times, alternating: the first queries of a JVM are slower.
"""
import sys
import time

from pyspark.sql import SparkSession

spark = SparkSession.builder.master("local[2]").config("spark.driver.memory", "1g").config("spark.ui.enabled", "false").getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
spark.conf.set("spark.sql.ansi.enabled", "true")
rows = int(sys.argv[1])
spark.range(rows).selectExpr("(rand(7) - 0.5) * pow(10, floor(rand(9) * 7)) AS d", "round((rand(8) - 0.5) * 1000, 2) AS s").cache().createOrReplaceTempView("t")
spark.sql("SELECT count(*) FROM t").collect()
for step in sys.argv[2:]:
    column, variant = step.split(":", 1)
    if variant == "plain":
        expression = f"CAST({column} AS STRING)"
    else:
        with open(variant) as f:
            expression = f.read().strip().replace("`d`", column)
    started = time.time()
    spark.sql(f"SELECT {expression} AS x FROM t").write.format("noop").mode("overwrite").save()
    print(column, variant, round(time.time() - started, 2), flush=True)
spark.stop()
