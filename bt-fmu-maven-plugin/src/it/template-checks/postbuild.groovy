// Run after the template project's build (invoker execution "template", goal install into the
// integration builds' own repository target/it-repo). Groovy's basedir is this script's folder
// here, so the project is found beside the repository.
def project = new File(localRepositoryPath.toString(), '../it-template/maven-project').canonicalFile
def log = new File(project, 'build.log').text
assert log.contains('bt-fmu: 1 mission valid in')
assert log.contains('bt-fmu: 1 FMU passes the FMU checks')
assert log.contains('bt-fmu: scenario climb.json: 4 passed, 0 failed')

// The FMU is attached: install put it into the repository as type fmu, classifier = mission name.
def fmu = new File(project, 'target/fmus/climb_and_fly.fmu')
def installed = new File(localRepositoryPath.toString(),
        'org/example/missions/climb-missions/1.0.0-SNAPSHOT/climb-missions-1.0.0-SNAPSHOT-climb_and_fly.fmu')
assert fmu.isFile()
assert installed.isFile()
assert installed.bytes == fmu.bytes

def suite = new groovy.xml.XmlSlurper().parse(new File(project, 'target/bt-fmu-reports/TEST-bt-fmu.climb.xml'))
assert suite.@tests == '4'
assert suite.@failures == '0'
assert suite.@errors == '0'
true
