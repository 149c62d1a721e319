/*
 * The Windows side of the shim (built for win64 with MinGW-w64, in place of jvm.c): finding
 * jvm.dll and creating the JVM, attaching threads, the host's settings and listing the jars.
 * The rest (shim.c, runtime.c, options.c) is the same C as on Linux; their pthread calls use
 * MinGW's winpthreads, linked statically, so the DLL imports only Windows system DLLs.
 *
 * Order (docs/where-the-fmu-runs.md, "Windows"): a jvm.dll already in the process, BTFMU_LIBJVM, the FMU's bundled
 * resources/jre, JAVA_HOME, `java.exe` on PATH, then the registry keys JDK installers write
 * (HKLM\SOFTWARE\JavaSoft\JDK\<version>\JavaHome, JRE likewise, Eclipse Adoptium's
 * ...\<version>\hotspot\MSI\Path). Paths are UTF-8 inside the shim and UTF-16 at every
 * Windows call. Not exercised with a real Windows JVM on the build machine.
 */
#ifdef _WIN32

#include <windows.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "shim.h"

typedef jint (JNICALL *CreateJavaVM)(JavaVM **vm, void **env, void *args);
typedef jint (JNICALL *GetCreatedJavaVMs)(JavaVM **vms, jsize size, jsize *count);

#define WPATH 32768 /* the longest path Windows takes with \\?\ */


static SRWLOCK jvm_lock = SRWLOCK_INIT;
static JavaVM *jvm;
static char failure[SHIM_ERROR_SIZE];
static char startup_messages[1024];
static volatile LONG starting;

static int to_wide(const char *utf8, wchar_t *out, int size)
{
    return MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8, -1, out, size) > 0;
}

static void to_utf8(const wchar_t *wide, char *out, int size)
{
    if (WideCharToMultiByte(CP_UTF8, 0, wide, -1, out, size, NULL, NULL) <= 0) {
        out[0] = '\0';
    }
}

/* The list of places tried, for the error when none has a JVM. */
static void tried(char *list, size_t size, const char *place)
{
    size_t used = strlen(list);
    snprintf(list + used, size - used, "%s%s", used ? "; " : "", place);
}

/*
 * Loads <java home>\bin\server\jvm.dll with the JRE's bin directory (its vcruntime and
 * libraries) in the DLL search path, never the importer's current directory.
 */
static HMODULE load_jvm_dll(const wchar_t *dll)
{
    DWORD attributes = GetFileAttributesW(dll);
    if (attributes == INVALID_FILE_ATTRIBUTES || (attributes & FILE_ATTRIBUTE_DIRECTORY)) {
        return NULL;
    }
    wchar_t bin[WPATH];
    wcsncpy(bin, dll, WPATH - 1);
    bin[WPATH - 1] = L'\0';
    for (int up = 0; up < 2; up++) { /* ...\bin\server\jvm.dll -> ...\bin */
        wchar_t *slash = wcsrchr(bin, L'\\');
        wchar_t *other = wcsrchr(bin, L'/');
        if (other > slash) slash = other;
        if (slash != NULL) *slash = L'\0';
    }
    DLL_DIRECTORY_COOKIE cookie = AddDllDirectory(bin);
    HMODULE lib = LoadLibraryExW(dll, NULL, LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR
                                                | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS);
    if (cookie != NULL) {
        RemoveDllDirectory(cookie); /* jvm.dll loads the rest of its libraries by full path */
    }
    return lib;
}

/* <home>\bin\server\jvm.dll, home in UTF-16. */
static HMODULE load_from_home(const wchar_t *home, char *list, size_t size, const char *what)
{
    static wchar_t dll[WPATH];
    _snwprintf(dll, WPATH - 1, L"%ls\\bin\\server\\jvm.dll", home);
    dll[WPATH - 1] = L'\0';
    char place[1024], utf8[900];
    to_utf8(dll, utf8, sizeof utf8);
    snprintf(place, sizeof place, "%s %s", what, utf8);
    tried(list, size, place);
    return load_jvm_dll(dll);
}

/* jvm.dll of the java.exe found on PATH: <dir>\java.exe -> <dir>\server\jvm.dll. */
static HMODULE load_from_path(char *list, size_t size)
{
    static wchar_t java[WPATH], dll[WPATH];
    wchar_t *file;
    if (SearchPathW(NULL, L"java.exe", NULL, WPATH, java, &file) == 0 || file == NULL) {
        tried(list, size, "java.exe on PATH (none)");
        return NULL;
    }
    *file = L'\0'; /* java holds its directory, with the trailing backslash */
    _snwprintf(dll, WPATH - 1, L"%lsserver\\jvm.dll", java);
    dll[WPATH - 1] = L'\0';
    char place[1024], utf8[900];
    to_utf8(dll, utf8, sizeof utf8);
    snprintf(place, sizeof place, "java.exe on PATH: %s", utf8);
    tried(list, size, place);
    return load_jvm_dll(dll);
}

/*
 * The registry: every <version> under key (newest name last in enumeration order is not
 * guaranteed, so all are tried), value name under <version>\sub.
 */
static HMODULE load_from_registry(const wchar_t *key, const wchar_t *sub, const wchar_t *value,
                                  char *list, size_t size)
{
    HKEY root;
    char place[600], utf8[512];
    to_utf8(key, utf8, sizeof utf8);
    snprintf(place, sizeof place, "HKLM\\%s", utf8);
    if (RegOpenKeyExW(HKEY_LOCAL_MACHINE, key, 0, KEY_READ | KEY_WOW64_64KEY, &root)
        != ERROR_SUCCESS) {
        strncat(place, " (absent)", sizeof place - strlen(place) - 1);
        tried(list, size, place);
        return NULL;
    }
    tried(list, size, place);
    HMODULE lib = NULL;
    wchar_t version[256];
    static wchar_t home[WPATH];
    for (DWORD i = 0; lib == NULL; i++) {
        DWORD length = 256;
        if (RegEnumKeyExW(root, i, version, &length, NULL, NULL, NULL, NULL) != ERROR_SUCCESS) {
            break;
        }
        wchar_t subkey[512];
        _snwprintf(subkey, 511, L"%ls%ls", version, sub);
        subkey[511] = L'\0';
        DWORD bytes = sizeof home - sizeof(wchar_t);
        if (RegGetValueW(root, subkey, value, RRF_RT_REG_SZ, NULL, home, &bytes)
            == ERROR_SUCCESS) {
            size_t n = wcslen(home);
            while (n > 0 && (home[n - 1] == L'\\' || home[n - 1] == L'/')) home[--n] = L'\0';
            lib = load_from_home(home, list, size, "  registry JavaHome");
        }
    }
    RegCloseKey(root);
    return lib;
}

/* Loads jvm.dll from the first place that has one; lists everything tried if none. */
static HMODULE load_jvm(const char *resources, char *error, size_t size)
{
    char list[SHIM_ERROR_SIZE] = "";
    HMODULE lib = GetModuleHandleW(L"jvm.dll");
    if (lib != NULL) {
        return lib;
    }
    tried(list, sizeof list, "a jvm.dll in the process (none)");
    static wchar_t wide[WPATH];
    const wchar_t *override = _wgetenv(L"BTFMU_LIBJVM");
    if (override != NULL && *override) {
        lib = load_jvm_dll(override);
        if (lib == NULL) {
            char utf8[1024];
            to_utf8(override, utf8, sizeof utf8);
            snprintf(error, size, "BTFMU_LIBJVM=%s cannot be loaded (Windows error %lu)", utf8,
                     (unsigned long)GetLastError());
        }
        return lib;
    }
    tried(list, sizeof list, "BTFMU_LIBJVM (unset)");
    if (resources != NULL && to_wide(resources, wide, WPATH - 8)) {
        wcscat(wide, L"\\jre");
        lib = load_from_home(wide, list, sizeof list, "bundled");
    }
    const wchar_t *java_home = _wgetenv(L"JAVA_HOME");
    if (lib == NULL && java_home != NULL && *java_home) {
        lib = load_from_home(java_home, list, sizeof list, "JAVA_HOME");
    } else if (lib == NULL) {
        tried(list, sizeof list, "JAVA_HOME (unset)");
    }
    if (lib == NULL) lib = load_from_path(list, sizeof list);
    if (lib == NULL) {
        lib = load_from_registry(L"SOFTWARE\\JavaSoft\\JDK", L"", L"JavaHome", list, sizeof list);
    }
    if (lib == NULL) {
        lib = load_from_registry(L"SOFTWARE\\JavaSoft\\JRE", L"", L"JavaHome", list, sizeof list);
    }
    if (lib == NULL) {
        lib = load_from_registry(L"SOFTWARE\\Eclipse Adoptium\\JDK", L"\\hotspot\\MSI", L"Path",
                                 list, sizeof list);
    }
    if (lib == NULL) {
        lib = load_from_registry(L"SOFTWARE\\Eclipse Adoptium\\JRE", L"\\hotspot\\MSI", L"Path",
                                 list, sizeof list);
    }
    if (lib == NULL) {
        snprintf(error, size,
                 "no Java runtime found: this FMU needs Java 17 or newer. Set BTFMU_LIBJVM to the "
                 "path of jvm.dll, or JAVA_HOME to a Java 17+ installation, or put java.exe on "
                 "PATH (tried: %s)", list);
    }
    return lib;
}

static jint JNICALL capture_message(FILE *stream, const char *format, va_list args)
{
    if (stream != stdout && stream != stderr) {
        return vfprintf(stream, format, args);
    }
    if (!starting) {
        return vfprintf(stderr, format, args);
    }
    size_t used = strlen(startup_messages);
    if (used + 1 < sizeof startup_messages) {
        vsnprintf(startup_messages + used, sizeof startup_messages - used, format, args);
    }
    return 0;
}

static struct {
    HANDLE done;      /* set once the outcome is known */
    const char *resources;
    JavaVM *vm;
    char error[SHIM_ERROR_SIZE];
    int retry;
} creation;

/* As in jvm.c: a JVM failing while it starts would exit the host; its thread parks instead. */
static void park_failed_start(const char *what)
{
    if (!InterlockedExchange(&starting, 0)) {
        return;
    }
    snprintf(creation.error, sizeof creation.error,
             "the Java virtual machine did not start (it %s)%s%s", what,
             startup_messages[0] ? ": " : "", startup_messages);
    creation.vm = NULL;
    SetEvent(creation.done);
    for (;;) {
        Sleep(INFINITE);
    }
}

static void JNICALL on_jvm_exit(jint code)
{
    char what[64];
    snprintf(what, sizeof what, "exited with status %d", (int)code);
    park_failed_start(what);
}

static void JNICALL on_jvm_abort(void)
{
    park_failed_start("aborted");
}

static JavaVM *create_jvm(HMODULE lib, char *error, size_t size)
{
    GetCreatedJavaVMs created =
        (GetCreatedJavaVMs)(void (*)(void))GetProcAddress(lib, "JNI_GetCreatedJavaVMs");
    CreateJavaVM create = (CreateJavaVM)(void (*)(void))GetProcAddress(lib, "JNI_CreateJavaVM");
    if (created == NULL || create == NULL) {
        snprintf(error, size, "the loaded jvm.dll has no JNI invocation functions");
        return NULL;
    }
    JavaVM *vm = NULL;
    jsize count = 0;
    if (created(&vm, 1, &count) == JNI_OK && count > 0) {
        return vm;
    }
    JavaVMOption options[SHIM_MAX_JVM_OPTIONS] = {{0}};
    int n = shim_add_guest_options(options);
    options[n].optionString = "vfprintf";
    options[n++].extraInfo = (void *)capture_message;
    options[n].optionString = "exit";
    options[n++].extraInfo = (void *)on_jvm_exit;
    options[n].optionString = "abort";
    options[n++].extraInfo = (void *)on_jvm_abort;
    n = shim_add_user_options(options, n, SHIM_MAX_JVM_OPTIONS, error, size);
    if (n < 0) {
        return NULL;
    }
    JavaVMInitArgs args = {JNI_VERSION_1_8, n, options, JNI_FALSE};
    JNIEnv *env;
    startup_messages[0] = '\0';
    starting = 1;
    jint result = create(&vm, (void **)&env, &args);
    starting = 0;
    if (result == JNI_OK) {
        (*vm)->DetachCurrentThread(vm);
        return vm;
    }
    snprintf(error, size, "the Java virtual machine did not start (JNI error %d)%s%s",
             (int)result, startup_messages[0] ? ": " : "", startup_messages);
    return NULL;
}

static DWORD WINAPI creator(LPVOID unused)
{
    (void)unused;
    HMODULE lib = load_jvm(creation.resources, creation.error, sizeof creation.error);
    creation.retry = lib == NULL;
    creation.vm = lib != NULL ? create_jvm(lib, creation.error, sizeof creation.error) : NULL;
    SetEvent(creation.done);
    return 0;
}

JavaVM *shim_jvm(const char *resources, char *error, size_t size)
{
    AcquireSRWLockExclusive(&jvm_lock);
    if (jvm == NULL && failure[0] != '\0') {
        snprintf(error, size, "%s", failure);
    } else if (jvm == NULL) {
        /* On a thread of the shim's own: the caller's stack never matters. */
        creation.done = CreateEventW(NULL, TRUE, FALSE, NULL);
        creation.resources = resources;
        creation.error[0] = '\0';
        HANDLE thread = creation.done == NULL ? NULL
            : CreateThread(NULL, SHIM_THREAD_STACK, creator, NULL,
                           STACK_SIZE_PARAM_IS_A_RESERVATION, NULL);
        if (thread == NULL) {
            snprintf(error, size, "cannot start a thread to create the Java virtual machine "
                     "(Windows error %lu)", (unsigned long)GetLastError());
        } else {
            WaitForSingleObject(creation.done, INFINITE);
            CloseHandle(thread); /* a parked thread stays parked */
            jvm = creation.vm;
            if (jvm == NULL) {
                snprintf(error, size, "%s", creation.error);
                if (!creation.retry) snprintf(failure, sizeof failure, "%s", creation.error);
            }
        }
        if (creation.done != NULL) CloseHandle(creation.done);
    }
    JavaVM *vm = jvm;
    ReleaseSRWLockExclusive(&jvm_lock);
    return vm;
}

/* Threads the shim attached: detached by the fiber-local storage callback when they end. */
static INIT_ONCE attached_once = INIT_ONCE_STATIC_INIT;
static DWORD attached_index = FLS_OUT_OF_INDEXES;

static VOID WINAPI detach_ended_thread(PVOID vm)
{
    if (vm != NULL) (*(JavaVM *)vm)->DetachCurrentThread((JavaVM *)vm);
}

static BOOL CALLBACK create_attached_index(PINIT_ONCE once, PVOID parameter, PVOID *context)
{
    (void)once; (void)parameter; (void)context;
    attached_index = FlsAlloc(detach_ended_thread);
    return TRUE;
}

/* As in jvm.c: the stack the FMU's Java code needs on a thread the shim attaches. */
#define MIN_CALLER_STACK (256u << 10)

static size_t stack_left(void)
{
    ULONG_PTR low, high;
    GetCurrentThreadStackLimits(&low, &high);
    ULONG_PTR here = (ULONG_PTR)__builtin_frame_address(0);
    return here > low && here <= high ? (size_t)(here - low) : SIZE_MAX;
}

JNIEnv *shim_env(JavaVM *vm, char *why, size_t size)
{
    JNIEnv *env;
    jint result = (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8);
    if (result == JNI_EDETACHED) {
        size_t left = stack_left();
        if (left < MIN_CALLER_STACK) {
            snprintf(why, size, "the calling thread has %u kB of stack left; the FMU's Java "
                     "code needs at least %u kB", (unsigned)(left >> 10), MIN_CALLER_STACK >> 10);
            return NULL;
        }
        JavaVMAttachArgs args = {JNI_VERSION_1_8, "bt-fmu importer thread", NULL};
        ENTER_JVM;
        result = (*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&env, &args);
        LEAVE_JVM;
        if (result == JNI_OK) {
            InitOnceExecuteOnce(&attached_once, create_attached_index, NULL, NULL);
            if (attached_index != FLS_OUT_OF_INDEXES) FlsSetValue(attached_index, vm);
        }
    }
    if (result != JNI_OK) {
        snprintf(why, size, "this thread cannot be attached to the Java virtual machine (JNI "
                 "error %d)", (int)result);
        return NULL;
    }
    return env;
}

/* Windows has no SIGCHLD: only the C runtime's locale is the host's to keep. */
void shim_save_host_settings(HostSettings *saved)
{
    const char *name = setlocale(LC_ALL, NULL);
    snprintf(saved->locale, sizeof saved->locale, "%s", name != NULL ? name : "");
}

void shim_restore_host_settings(const HostSettings *saved)
{
    const char *now = setlocale(LC_ALL, NULL);
    if (saved->locale[0] != '\0' && (now == NULL || strcmp(now, saved->locale) != 0)) {
        setlocale(LC_ALL, saved->locale);
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(struct dirent *const *)a)->d_name, (*(struct dirent *const *)b)->d_name);
}

/* scandir(3) for runtime.c, with a UTF-8 directory name (FindFirstFileW: UTF-16). */
int shim_scandir(const char *dir, struct dirent ***list, int (*keep)(const struct dirent *))
{
    *list = NULL;
    wchar_t *pattern = malloc(WPATH * sizeof *pattern); /* any thread: no static buffer */
    if (pattern == NULL || !to_wide(dir, pattern, WPATH - 4)) {
        free(pattern);
        return -1;
    }
    wcscat(pattern, L"\\*");
    WIN32_FIND_DATAW found;
    HANDLE search = FindFirstFileW(pattern, &found);
    free(pattern);
    if (search == INVALID_HANDLE_VALUE) return -1;
    int count = 0, room = 0;
    struct dirent **entries = NULL;
    do {
        struct dirent *entry = calloc(1, sizeof *entry);
        if (entry == NULL) break;
        to_utf8(found.cFileName, entry->d_name, sizeof entry->d_name);
        if (!keep(entry) || entry->d_name[0] == '\0') {
            free(entry);
            continue;
        }
        if (count == room) {
            room = room ? 2 * room : 16;
            struct dirent **grown = realloc(entries, room * sizeof *grown);
            if (grown == NULL) { free(entry); break; }
            entries = grown;
        }
        entries[count++] = entry;
    } while (FindNextFileW(search, &found));
    FindClose(search);
    if (count > 0) qsort(entries, count, sizeof *entries, by_name);
    *list = entries != NULL ? entries : malloc(1);
    return count;
}

/* fopen(3) with a UTF-8 path (_wfopen: UTF-16). Any thread may call it: no static buffer. */
FILE *shim_fopen(const char *path, const char *mode)
{
    wchar_t wide_mode[8];
    wchar_t *wide = malloc(WPATH * sizeof *wide);
    FILE *f = wide != NULL && to_wide(path, wide, WPATH) && to_wide(mode, wide_mode, 8)
        ? _wfopen(wide, wide_mode) : NULL;
    free(wide);
    return f;
}

long long shim_physical_memory(void)
{
    MEMORYSTATUSEX status = {.dwLength = sizeof status};
    return GlobalMemoryStatusEx(&status) ? (long long)status.ullTotalPhys : -1;
}

#endif
