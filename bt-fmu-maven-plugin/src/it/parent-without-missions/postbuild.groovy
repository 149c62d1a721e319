// The parent has no missions folder: each goal says so and the build goes on to the module.
def log = new File(basedir, 'build.log').text
def parentMissions = new File(basedir, 'src/main/missions').canonicalPath
assert log.contains('bt-fmu: no missions folder ' + parentMissions + ' in this project: no missions here')
assert log.contains('bt-fmu: 1 mission valid in')
assert log.contains('bt-fmu: 1 FMU passes the FMU checks')
assert new File(basedir, 'missions/target/fmus/climb_and_fly.fmu').isFile()
assert !new File(basedir, 'target/fmus').exists()
true
