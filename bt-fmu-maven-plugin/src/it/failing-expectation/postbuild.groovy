// The build failed because of the one expectation that cannot hold, and says which.
def log = new File(basedir, 'build.log').text
assert log.contains('bt-fmu: 1 scenario: 1 passed, 1 failed, 0 errors, 0 skipped')
assert log =~ /too-high\.json: expected plant\.altitude in \[500\.0, 600\.0\] at 120 s, was 3\d\d\.\d+ at 120 s/
assert !log.contains('configuration error')

// The Surefire-style report holds both expectations, one failed.
def report = new File(basedir, 'target/bt-fmu-reports/TEST-bt-fmu.too-high.xml')
assert report.isFile()
def suite = new groovy.xml.XmlSlurper().parse(report)
assert suite.@tests == '2'
assert suite.@failures == '1'
assert suite.testcase.find { it.@name == 'mission/take_off RUNNING at or before 10 s' }.failure.size() == 0
assert suite.testcase.find { it.@name.text().startsWith('plant.altitude') }.failure.size() == 1
true
