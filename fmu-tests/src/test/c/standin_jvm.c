/*
 * A stand-in for a Java runtime's jvm.dll (Windows) or libjvm.so (Linux), for
 * Win64JvmStandInTest: no Windows JRE can be had on the build machine, so this library proves
 * what the shim does up to JNI_CreateJavaVM. It appends to the file named by
 * BTFMU_STANDIN_RECORD (UTF-8):
 *   module <its own path>
 *   dependency <the path its import btfmu_standin_dependency came from>   (Windows)
 *   stack <the bytes of stack reserved for the thread that creates the JVM>
 *   option <each option string, in order; a hook as "option vfprintf hook">
 * then writes a message through the shim's vfprintf hook and refuses to start (JNI_ERR).
 * Built with -DSTANDIN_DEPENDENCY it is instead the small library the Windows stand-in imports,
 * kept in the runtime's bin directory, as jvm.dll's own dependencies are.
 */
#ifndef _WIN32
#define _GNU_SOURCE /* dladdr, pthread_getattr_np */
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#define EXPORT __declspec(dllexport)
#else
#include <dlfcn.h>
#include <pthread.h>
#define EXPORT __attribute__((visibility("default")))
#endif

#ifdef STANDIN_DEPENDENCY

EXPORT int btfmu_standin_dependency(void)
{
    return 42;
}

#else

#include <jni.h>

#ifdef _WIN32
__declspec(dllimport) int btfmu_standin_dependency(void);

static void module_path(void *address, char *out, size_t size)
{
    HMODULE module = NULL;
    wchar_t wide[32768];
    out[0] = '\0';
    if (GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS
                               | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           (LPCWSTR)address, &module)
        && GetModuleFileNameW(module, wide, 32768) > 0) {
        WideCharToMultiByte(CP_UTF8, 0, wide, -1, out, (int)size, NULL, NULL);
    }
}

static FILE *open_record(void)
{
    const wchar_t *path = _wgetenv(L"BTFMU_STANDIN_RECORD");
    return path != NULL ? _wfopen(path, L"ab") : NULL;
}

static size_t stack_reserved(void)
{
    ULONG_PTR low, high;
    GetCurrentThreadStackLimits(&low, &high);
    return (size_t)(high - low);
}
#else
static void module_path(void *address, char *out, size_t size)
{
    Dl_info info;
    snprintf(out, size, "%s", dladdr(address, &info) && info.dli_fname ? info.dli_fname : "");
}

static FILE *open_record(void)
{
    const char *path = getenv("BTFMU_STANDIN_RECORD");
    return path != NULL ? fopen(path, "ab") : NULL;
}

static size_t stack_reserved(void)
{
    pthread_attr_t attributes;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        pthread_attr_getstacksize(&attributes, &size);
        pthread_attr_destroy(&attributes);
    }
    return size;
}
#endif

typedef jint (JNICALL *Hook)(FILE *, const char *, va_list);

/* The JVM writes its messages through the vfprintf hook; so does the stand-in. */
static void say_through(Hook hook, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    hook(stderr, format, args);
    va_end(args);
}

EXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM **vms, jsize size, jsize *count)
{
    (void)vms; (void)size;
    *count = 0;
    return JNI_OK;
}

EXPORT jint JNICALL JNI_CreateJavaVM(JavaVM **vm, void **env, void *arguments)
{
    JavaVMInitArgs *args = arguments;
    Hook say = NULL;
    char path[4 * 32768];
    *vm = NULL;
    *env = NULL;
    FILE *record = open_record();
    if (record != NULL) {
        module_path((void *)JNI_CreateJavaVM, path, sizeof path);
        fprintf(record, "module %s\n", path);
#ifdef _WIN32
        if (btfmu_standin_dependency() == 42) {
            module_path((void *)btfmu_standin_dependency, path, sizeof path);
            fprintf(record, "dependency %s\n", path);
        }
#endif
        fprintf(record, "stack %zu\n", stack_reserved());
    }
    for (jint i = 0; i < args->nOptions; i++) {
        const char *option = args->options[i].optionString;
        int hook = strcmp(option, "vfprintf") == 0 || strcmp(option, "exit") == 0
                   || strcmp(option, "abort") == 0;
        if (record != NULL) {
            fprintf(record, "option %s%s\n", option,
                    hook && args->options[i].extraInfo != NULL ? " hook" : "");
        }
        if (strcmp(option, "vfprintf") == 0) {
            say = (Hook)args->options[i].extraInfo;
        }
    }
    if (record != NULL) fclose(record);
    if (say != NULL) {
        say_through(say, "stand-in runtime: %s is not a Java virtual machine\n", "this library");
    }
    return JNI_ERR;
}

#endif
