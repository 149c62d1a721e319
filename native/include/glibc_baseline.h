/*
 * Binds the C library functions the FMU binaries use to the symbol versions of
 * glibc 2.17 (the manylinux2014 baseline, and what the JDK needs), so that a
 * binary built on a newer system still loads on RHEL 7/8, Ubuntu 20.04 or
 * Debian 11. Force-included by native/Makefile and test-fmus/Makefile
 * (-include); GlibcBaselineTest in fmu-tests reads every binary an FMU
 * carries and fails on any newer version.
 *
 * Why these: glibc 2.34 moved dlopen, dlsym and dlerror into libc.so.6 under
 * GLIBC_2.34 (the old versions stay, in libdl.so.2 before 2.34: hence the
 * Makefiles also link libdl.so.2 explicitly); 2.29 gave exp, log, pow, exp2 and
 * log2 new versions, 2.35 hypot, 2.38 fmod. The same move into libc.so.6 in 2.34 gave the
 * pthread functions the shim uses new versions (the old ones live in libpthread.so.0 before
 * 2.34: linked explicitly too), and 2.32 pthread_sigmask. Each old version is still exported
 * by newer glibc, with the same behaviour for these functions.
 * A .symver for a function a file does not call has no effect.
 */
#ifndef BTFMU_GLIBC_BASELINE_H
#define BTFMU_GLIBC_BASELINE_H

#if defined(__x86_64__) && defined(__linux__) && !defined(BTFMU_NO_GLIBC_BASELINE)
__asm__(".symver dlopen,dlopen@GLIBC_2.2.5");
__asm__(".symver dlsym,dlsym@GLIBC_2.2.5");
__asm__(".symver dlerror,dlerror@GLIBC_2.2.5");
__asm__(".symver dlclose,dlclose@GLIBC_2.2.5");
__asm__(".symver exp,exp@GLIBC_2.2.5");
__asm__(".symver log,log@GLIBC_2.2.5");
__asm__(".symver pow,pow@GLIBC_2.2.5");
__asm__(".symver exp2,exp2@GLIBC_2.2.5");
__asm__(".symver log2,log2@GLIBC_2.2.5");
__asm__(".symver hypot,hypot@GLIBC_2.2.5");
__asm__(".symver fmod,fmod@GLIBC_2.2.5");
__asm__(".symver pthread_create,pthread_create@GLIBC_2.2.5");
__asm__(".symver pthread_join,pthread_join@GLIBC_2.2.5");
__asm__(".symver pthread_detach,pthread_detach@GLIBC_2.2.5");
__asm__(".symver pthread_once,pthread_once@GLIBC_2.2.5");
__asm__(".symver pthread_key_create,pthread_key_create@GLIBC_2.2.5");
__asm__(".symver pthread_setspecific,pthread_setspecific@GLIBC_2.2.5");
__asm__(".symver pthread_attr_setstacksize,pthread_attr_setstacksize@GLIBC_2.2.5");
__asm__(".symver pthread_sigmask,pthread_sigmask@GLIBC_2.2.5");
__asm__(".symver pthread_getattr_np,pthread_getattr_np@GLIBC_2.2.5");
__asm__(".symver pthread_attr_getstack,pthread_attr_getstack@GLIBC_2.2.5");
#endif

#endif
