// The three default goals ran beside the sweep execution, and the sweep ran the campaign on Spark
// (resolved by the goal) and wrote what bt-fmu sweep writes.
def log = new File(basedir, 'build.log').text
assert log.contains('bt-fmu: 1 mission valid in')
assert log.contains('bt-fmu: 1 FMU passes the FMU checks')
assert log.contains('bt-fmu: 3 runs: 3 passed, 0 failed, 0 errors, 0 timed out (pass rate 100.0 %)')
assert log.contains('bt-fmu: campaign climb.json: all 3 runs passed')
// in phase verify the FMU checks (seconds) come before the campaign (Spark, a minute)
assert log.indexOf('FMU passes the FMU checks') < log.indexOf('3 runs: 3 passed')
def out = new File(basedir, 'target/bt-fmu-sweeps/climb')
['runs.parquet', 'summary.html', 'wall-times.csv'].each { assert new File(out, it).isFile() }
assert new File(out, 'wall-times.csv').readLines().size() == 4
true
