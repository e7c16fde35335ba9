"""The Spark benchmark's baseline and its output check (run by run.cjs with the bench's venv and
the cached pyspark on PYTHONPATH).

  python baseline.py run <sc://url> <example|join> <out-dir> <input-file>...
      One run as a pyspark user writes it: a Spark Connect session, the CSV inputs read with a
      header and inferred types, the case's SQL over them, written as parquet. Prints one JSON
      line {"ms": ...}: from opening the session to the write's end (the interpreter's start and
      imports are left out, as the server's start is on the service's side). The `text` case
      reads its CSV with the service's reader options and writes it back as CSV, Java's text.
  python baseline.py digest <dir>...
      Per output directory of parquet (or, named *.csv, CSV) part files: {"rows": n, "checksum": hex}; the checksum
      hashes the rows sorted, doubles to 12 significant digits (sums of doubles depend on the order
      Spark adds the partitions in).
"""
import hashlib
import json
import os
import sys
import time

# The settings the service pins on every session (libs/engine/src/spark/session-settings.ts), so
# both sides compute the same thing.
SETTINGS = {
    "spark.sql.ansi.enabled": "true",
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.timestampType": "TIMESTAMP_NTZ",
    "spark.sql.caseSensitive": "true",
}

SQL = {
    "example": (
        "SELECT department, count(*) AS employees, avg(salary) AS avg_salary, sum(salary) AS total, "
        "min(salary) AS low, max(salary) AS high FROM input0 WHERE status = 'active' GROUP BY department"
    ),
    "join": (
        "SELECT c.region, sum(s.amount) AS revenue, count(*) AS orders, sum(s.quantity) AS units "
        "FROM input0 s JOIN input1 c ON s.customer_id = c.customer_id "
        "GROUP BY c.region ORDER BY revenue DESC, c.region LIMIT 5"
    ),
    "text": "SELECT * FROM input0",
}

# The service's CSV reader options (libs/engine-spark/src/format-options.ts) for a file without
# quote characters, which it reads line by line (csv-line-records.ts).
CSV_READ = {"header": True, "inferSchema": True, "mode": "FAILFAST", "multiLine": False}


def uri(path):
    return "file://" + os.path.abspath(path)


def run(url, case, out, inputs):
    from pyspark.sql import SparkSession

    started = time.perf_counter()
    spark = SparkSession.builder.remote(url).getOrCreate()
    try:
        for key, value in SETTINGS.items():
            spark.conf.set(key, value)
        for i, path in enumerate(inputs):
            options = CSV_READ if case == "text" else {"header": True, "inferSchema": True}
            spark.read.options(**options).csv(uri(path)).createOrReplaceTempView(f"input{i}")
        result = spark.sql(SQL[case]).write.mode("overwrite")
        if case == "text":
            result.options(header=True).csv(uri(out))
        else:
            result.parquet(uri(out))
        ms = (time.perf_counter() - started) * 1000
    finally:
        spark.stop()
    print(json.dumps({"ms": ms}))


def cell(value):
    if isinstance(value, float):
        return format(value, ".12g")
    return repr(value)


def digest(directory):
    import pyarrow.parquet as pq
    import pyarrow.csv as pc
    import pyarrow as pa

    if directory.endswith(".csv"):
        # Java's and DuckDB's text of a double read back as the same double.
        parts = sorted(n for n in os.listdir(directory) if n.startswith("part-"))
        table = pa.concat_tables([pc.read_csv(os.path.join(directory, n)) for n in parts], promote_options="default")
    else:
        table = pq.read_table(directory)
    rows = sorted("\x1f".join(cell(v) for v in row.values()) for row in table.to_pylist())
    h = hashlib.sha256()
    for row in rows:
        h.update(row.encode())
        h.update(b"\x1e")
    return {"rows": table.num_rows, "columns": table.column_names, "checksum": h.hexdigest()[:16]}


def main(argv):
    if argv[0] == "run":
        run(argv[1], argv[2], argv[3], argv[4:])
    elif argv[0] == "digest":
        print(json.dumps([digest(d) for d in argv[1:]]))
    else:
        raise SystemExit(f"unknown command {argv[0]!r}: run or digest")


if __name__ == "__main__":
    main(sys.argv[1:])
