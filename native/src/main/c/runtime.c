/*
 * Loads one FMU's Java runtime: the class loader over the jars in resources/lib
 * (parent: the platform class loader, so two versions of this product coexist in
 * one process) and the FmiEntry class in it. FMUs whose runtime jars are
 * byte-identical share one loader JVM-wide (RuntimeLoader); each copy of this
 * library keeps what it found for the life of the process, so that freeing and
 * instantiating again costs no class loading.
 */
#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "fmi2.h"
#include "shim.h"

#define ENTRY_CLASS "org.btfmu.fmu.FmiEntry"
#define LOGGER_CLASS "org.btfmu.fmu.ImporterLogger"

static const struct {
    const char *name;
    const char *signature;
} ENTRY_METHODS[M_COUNT] = {
    [M_INSTANTIATE] = {"instantiate", "(JIJJJJZZ)J"},
    [M_FREE_INSTANCE] = {"freeInstance", "(J)V"},
    [M_SET_DEBUG_LOGGING] = {"setDebugLogging", "(JZJJ)I"},
    [M_SETUP_EXPERIMENT] = {"setupExperiment", "(JZDDZD)I"},
    [M_ENTER_INITIALIZATION_MODE] = {"enterInitializationMode", "(J)I"},
    [M_EXIT_INITIALIZATION_MODE] = {"exitInitializationMode", "(J)I"},
    [M_TERMINATE] = {"terminate", "(J)I"},
    [M_RESET] = {"reset", "(J)I"},
    [M_GET_REAL] = {"getReal", "(JJJJ)I"},
    [M_GET_INTEGER] = {"getInteger", "(JJJJ)I"},
    [M_GET_BOOLEAN] = {"getBoolean", "(JJJJ)I"},
    [M_GET_STRING] = {"getString", "(JJJJ)I"},
    [M_SET_REAL] = {"setReal", "(JJJJ)I"},
    [M_SET_INTEGER] = {"setInteger", "(JJJJ)I"},
    [M_SET_BOOLEAN] = {"setBoolean", "(JJJJ)I"},
    [M_SET_STRING] = {"setString", "(JJJJ)I"},
    [M_GET_FMU_STATE] = {"getFMUstate", "(JJ)I"},
    [M_SET_FMU_STATE] = {"setFMUstate", "(JJ)I"},
    [M_FREE_FMU_STATE] = {"freeFMUstate", "(JJ)I"},
    [M_SERIALIZED_FMU_STATE_SIZE] = {"serializedFMUstateSize", "(JJJ)I"},
    [M_SERIALIZE_FMU_STATE] = {"serializeFMUstate", "(JJJJ)I"},
    [M_DESERIALIZE_FMU_STATE] = {"deSerializeFMUstate", "(JJJJ)I"},
    [M_GET_DIRECTIONAL_DERIVATIVE] = {"getDirectionalDerivative", "(JJJJJJJ)I"},
    [M_SET_REAL_INPUT_DERIVATIVES] = {"setRealInputDerivatives", "(JJJJJ)I"},
    [M_GET_REAL_OUTPUT_DERIVATIVES] = {"getRealOutputDerivatives", "(JJJJJ)I"},
    [M_DO_STEP] = {"doStep", "(JDDZ)I"},
    [M_CANCEL_STEP] = {"cancelStep", "(J)I"},
    [M_GET_STATUS] = {"getStatus", "(JIJ)I"},
    [M_GET_REAL_STATUS] = {"getRealStatus", "(JIJ)I"},
    [M_GET_INTEGER_STATUS] = {"getIntegerStatus", "(JIJ)I"},
    [M_GET_BOOLEAN_STATUS] = {"getBooleanStatus", "(JIJ)I"},
    [M_GET_STRING_STATUS] = {"getStringStatus", "(JIJ)I"},
    [M_SET_TIME] = {"setTime", "(JD)I"},
    [M_SET_CONTINUOUS_STATES] = {"setContinuousStates", "(JJJ)I"},
    [M_ENTER_EVENT_MODE] = {"enterEventMode", "(J)I"},
    [M_NEW_DISCRETE_STATES] = {"newDiscreteStates", "(JJ)I"},
    [M_ENTER_CONTINUOUS_TIME_MODE] = {"enterContinuousTimeMode", "(J)I"},
    [M_COMPLETED_INTEGRATOR_STEP] = {"completedIntegratorStep", "(JZJJ)I"},
    [M_GET_DERIVATIVES] = {"getDerivatives", "(JJJ)I"},
    [M_GET_EVENT_INDICATORS] = {"getEventIndicators", "(JJJ)I"},
    [M_GET_CONTINUOUS_STATES] = {"getContinuousStates", "(JJJ)I"},
    [M_GET_NOMINALS_OF_CONTINUOUS_STATES] = {"getNominalsOfContinuousStates", "(JJJ)I"},
    [M_PUBLISHED_VALUES] = {"publishedValues", "(J)J"},
};

void shim_function_name(enum EntryMethod m, char *name, size_t size)
{
    const char *method = ENTRY_METHODS[m].name; /* "doStep": fmi2DoStep */
    snprintf(name, size, "fmi2%c%s", method[0] - 'a' + 'A', method + 1);
}

static pthread_mutex_t runtimes_lock = PTHREAD_MUTEX_INITIALIZER;
static Runtime *runtimes;

static int hex(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int shim_is_absolute_path(const char *path)
{
#ifdef _WIN32
    int letter = ((unsigned char)path[0] | 0x20) >= 'a' && ((unsigned char)path[0] | 0x20) <= 'z';
    if (letter && path[1] == ':' && (path[2] == '\\' || path[2] == '/')) {
        return 1;
    }
    return path[0] == '\\' && path[1] == '\\';
#else
    return path[0] == '/';
#endif
}

int shim_uri_to_path(const char *uri, char *path, size_t size)
{
    if (uri == NULL || strncmp(uri, "file:", 5) != 0) {
        return -1;
    }
    const char *p = uri + 5;
    if (strncmp(p, "//", 2) == 0) {
        p += 2;
        if (strncmp(p, "localhost", 9) == 0) {
            p += 9;
        }
        if (*p != '/') {
            return -1; /* a remote host */
        }
    }
    if (*p != '/') {
        return -1;
    }
    size_t n = 0;
    for (; *p && n + 1 < size; p++) {
        if (*p == '%' && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
            path[n++] = (char)(hex(p[1]) * 16 + hex(p[2]));
            p += 2;
        } else {
            path[n++] = *p;
        }
    }
    if (*p) {
        return -1;
    }
    while (n > 1 && path[n - 1] == '/') {
        n--;
    }
    path[n] = '\0';
#ifdef _WIN32
    /* file:///C:/a decodes to /C:/a; Windows wants C:/a */
    if (n >= 3 && path[0] == '/' && path[2] == ':'
        && ((path[1] | 0x20) >= 'a' && (path[1] | 0x20) <= 'z')) {
        memmove(path, path + 1, n);
    }
#endif
    return 0;
}

void shim_describe_exception(JNIEnv *env, const char *what, char *error, size_t size)
{
    jthrowable thrown = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    const char *text = NULL;
    jstring description = NULL;
    if (thrown != NULL) {
        jclass throwable = (*env)->FindClass(env, "java/lang/Throwable");
        jmethodID to_string = throwable ? (*env)->GetMethodID(env, throwable, "toString",
                                                              "()Ljava/lang/String;")
                                        : NULL;
        if (to_string != NULL) {
            description = (jstring)(*env)->CallObjectMethod(env, thrown, to_string);
        }
        (*env)->ExceptionClear(env);
        if (description != NULL) {
            text = (*env)->GetStringUTFChars(env, description, NULL);
        }
        if (throwable) (*env)->DeleteLocalRef(env, throwable);
    }
    snprintf(error, size, "%s: %s", what, text ? text : "a Java exception");
    if (text) (*env)->ReleaseStringUTFChars(env, description, text);
    if (description) (*env)->DeleteLocalRef(env, description);
    if (thrown) (*env)->DeleteLocalRef(env, thrown);
}

static int is_jar(const struct dirent *entry)
{
    size_t n = strlen(entry->d_name);
    return n > 4 && strcmp(entry->d_name + n - 4, ".jar") == 0;
}

/* new String[] { "<resources>/lib/<jar>", ... } for the jars in resources/lib, sorted. */
static jobjectArray jar_paths(JNIEnv *env, const char *resources, char *error, size_t size)
{
    char lib[PATH_MAX];
    snprintf(lib, sizeof lib, "%s/lib", resources);
    struct dirent **jars;
    int count = scandir(lib, &jars, is_jar, alphasort);
    if (count <= 0) {
        snprintf(error, size, "the FMU has no runtime: no *.jar in %s", lib);
        if (count == 0) free(jars);
        return NULL;
    }
    jclass string_class = (*env)->FindClass(env, "java/lang/String");
    jobjectArray paths = string_class ? (*env)->NewObjectArray(env, count, string_class, NULL)
                                      : NULL;
    for (int i = 0; paths != NULL && i < count; i++) {
        char path[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", lib, jars[i]->d_name);
        jstring name = (*env)->NewStringUTF(env, path);
        if (name == NULL) {
            paths = NULL;
        } else {
            (*env)->SetObjectArrayElement(env, paths, i, name);
        }
    }
    for (int i = 0; i < count; i++) free(jars[i]);
    free(jars);
    if (paths == NULL) {
        shim_describe_exception(env, "cannot list the FMU's jars", error, size);
    }
    return paths;
}

/*
 * The key of the FMU's runtime: resources/lib/SHA256SUMS (written by the packager: the digest
 * and name of each jar), so that FMUs with byte-identical runtimes share one class loader.
 * An FMU without it gets a loader of its own, keyed by its directory.
 */
void shim_runtime_key(const char *resources, char *key, size_t size)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/lib/SHA256SUMS", resources);
    FILE *f = fopen(path, "rb");
    size_t n = 0;
    if (f != NULL) {
        n = fread(key, 1, size - 1, f);
        if (!feof(f)) {
            n = 0; /* too long to be ours */
        }
        fclose(f);
    }
    if (n > 0 && memchr(key, '\0', n) == NULL) {
        key[n] = '\0';
    } else {
        snprintf(key, size, "directory %s", resources);
    }
}

/*
 * org.btfmu.shim.RuntimeLoader (native/src/main/boot): the runtime class loader, with the
 * JVM-wide registry of them. Every FMU has its own copy of this library, so the registry
 * lives in the JVM, in the boot class loader: defined by the first copy that needs it; a
 * copy that loses the race to define it finds the winner's.
 */
#ifdef _WIN32
#define HIDDEN(symbol) "" /* PE: a symbol leaves the DLL only when exported */
#define PREVIOUS ".text\n"    /* COFF has no .previous */
#else
#define HIDDEN(symbol) ".hidden " symbol "\n"
#define PREVIOUS ".previous\n"
#endif
__asm__(".section .rodata\n"
        ".globl runtime_loader_class\n"
        HIDDEN("runtime_loader_class")
        "runtime_loader_class:\n"
        ".incbin \"" RUNTIME_LOADER_CLASS "\"\n"
        ".globl runtime_loader_class_end\n"
        HIDDEN("runtime_loader_class_end")
        "runtime_loader_class_end:\n"
        PREVIOUS);
extern const jbyte runtime_loader_class[], runtime_loader_class_end[];


static jclass boot_class(JNIEnv *env, const char *dotted_name)
{
    jclass class_class = (*env)->FindClass(env, "java/lang/Class");
    jmethodID for_name = class_class ? (*env)->GetStaticMethodID(
        env, class_class, "forName",
        "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;") : NULL;
    jstring name = for_name ? (*env)->NewStringUTF(env, dotted_name) : NULL;
    jclass found = name ? (jclass)(*env)->CallStaticObjectMethod(env, class_class, for_name, name,
                                                                 JNI_FALSE, NULL)
                        : NULL;
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        found = NULL;
    }
    return found;
}

static jclass runtime_loader(JNIEnv *env)
{
    jclass found = boot_class(env, "org.btfmu.shim.RuntimeLoader");
    if (found == NULL) {
        found = (*env)->DefineClass(env, "org/btfmu/shim/RuntimeLoader", NULL,
                                    runtime_loader_class,
                                    (jsize)(runtime_loader_class_end - runtime_loader_class));
        if (found == NULL) {
            (*env)->ExceptionClear(env); /* another copy defined it first */
            found = boot_class(env, "org.btfmu.shim.RuntimeLoader");
        }
    }
    return found;
}

/*
 * ImporterLogger.call: the importer's fmi2CallbackLogger, called with the C strings Java
 * prepared (the message is already escaped for the printf-like logger).
 */
static void JNICALL call_logger(JNIEnv *env, jclass type, jlong logger, jlong environment,
                                jlong instance_name, jint status, jlong category, jlong message)
{
    (void)env;
    (void)type;
    fmi2CallbackLogger log = (fmi2CallbackLogger)(intptr_t)logger;
    log((fmi2ComponentEnvironment)(intptr_t)environment, (fmi2String)(intptr_t)instance_name,
        (fmi2Status)status, (fmi2String)(intptr_t)category, (fmi2String)(intptr_t)message);
}

static JNINativeMethod LOGGER_NATIVE = {"call", "(JJJIJJ)V", (void *)call_logger};

/*
 * Finds the runtime's class loader and FmiEntry in it, and binds ImporterLogger's native
 * (every copy of the shim binds its own, identical one); local references die with the frame.
 */
static int load(JNIEnv *env, Runtime *runtime, const char *resources, char *error, size_t size)
{
    if ((*env)->PushLocalFrame(env, 64) != JNI_OK) {
        shim_describe_exception(env, "out of memory", error, size);
        return -1;
    }
    int ok = 0;
    jobjectArray jars = jar_paths(env, resources, error, size);
    jclass loaders = jars ? runtime_loader(env) : NULL;
    jmethodID loader_of = loaders ? (*env)->GetStaticMethodID(
        env, loaders, "of", "(Ljava/lang/String;[Ljava/lang/String;)Ljava/lang/ClassLoader;")
                                  : NULL;
    jclass class_loader = loader_of ? (*env)->FindClass(env, "java/lang/ClassLoader") : NULL;
    jmethodID load_class = class_loader ? (*env)->GetMethodID(
        env, class_loader, "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;") : NULL;
    jstring key = load_class ? (*env)->NewStringUTF(env, runtime->key) : NULL;
    jobject loader = key ? (*env)->CallStaticObjectMethod(env, loaders, loader_of, key, jars)
                         : NULL;
    jstring name = loader ? (*env)->NewStringUTF(env, ENTRY_CLASS) : NULL;
    jclass entry = name ? (jclass)(*env)->CallObjectMethod(env, loader, load_class, name) : NULL;
    if (entry != NULL && !(*env)->ExceptionCheck(env)) {
        ok = 1;
        for (int m = 0; m < M_COUNT && ok; m++) {
            runtime->methods[m] = (*env)->GetStaticMethodID(env, entry, ENTRY_METHODS[m].name,
                                                            ENTRY_METHODS[m].signature);
            ok = runtime->methods[m] != NULL;
        }
    }
    jstring logger_name = ok ? (*env)->NewStringUTF(env, LOGGER_CLASS) : NULL;
    jclass logger = logger_name ? (jclass)(*env)->CallObjectMethod(env, loader, load_class,
                                                                   logger_name)
                                : NULL;
    ok = logger != NULL && !(*env)->ExceptionCheck(env)
         && (*env)->RegisterNatives(env, logger, &LOGGER_NATIVE, 1) == JNI_OK;
    if (ok) {
        runtime->loader = (*env)->NewGlobalRef(env, loader);
        runtime->entry = (jclass)(*env)->NewGlobalRef(env, entry);
        ok = runtime->loader != NULL && runtime->entry != NULL;
    }
    jmethodID stubs = ok ? (*env)->GetStaticMethodID(env, entry, "upcallStubs", "(J)V") : NULL;
    if (stubs != NULL) {
        (*env)->CallStaticVoidMethod(env, entry, stubs, (jlong)(intptr_t)runtime->upcalls);
    }
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env); /* a table left empty: JNI for every call */
        memset(runtime->upcalls, 0, sizeof runtime->upcalls);
    }
    if (!ok && error[0] == '\0') {
        shim_describe_exception(env, "cannot load " ENTRY_CLASS " from the FMU's jars (Java 17 "
                                "or newer is required)", error, size);
    }
    (*env)->ExceptionClear(env);
    (*env)->PopLocalFrame(env, NULL);
    return ok ? 0 : -1;
}

/*
 * A runtime's first load is deep class loading: it runs on a thread of the shim's own with a
 * large stack, as the JVM's creation does (jvm.c), so that the caller's stack never matters. (A
 * StackOverflowError while a class loader defines its classes leaves that loader unusable for
 * every later caller.)
 */
typedef struct {
    JavaVM *vm;
    Runtime *runtime;
    const char *resources;
    char *error;
    size_t size;
    int result;
} Loading;

static void *load_attached(void *argument)
{
    Loading *loading = argument;
    JNIEnv *env;
    JavaVMAttachArgs args = {JNI_VERSION_1_8, "bt-fmu runtime loader", NULL};
    if ((*loading->vm)->AttachCurrentThreadAsDaemon(loading->vm, (void **)&env, &args) != JNI_OK) {
        snprintf(loading->error, loading->size, "cannot attach a thread to load the FMU's runtime");
        return NULL;
    }
    loading->result = load(env, loading->runtime, loading->resources, loading->error,
                           loading->size);
    (*loading->vm)->DetachCurrentThread(loading->vm);
    return NULL;
}

static int load_on_own_thread(JNIEnv *env, Runtime *runtime, const char *resources, char *error,
                              size_t size)
{
    Loading loading = {NULL, runtime, resources, error, size, -1};
    if ((*env)->GetJavaVM(env, &loading.vm) != JNI_OK) {
        return -1;
    }
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, SHIM_THREAD_STACK);
    pthread_t thread;
    int started = pthread_create(&thread, &attributes, load_attached, &loading);
    pthread_attr_destroy(&attributes);
    if (started != 0) {
        snprintf(error, size, "cannot start a thread to load the FMU's runtime: %s",
                 strerror(started));
        return -1;
    }
    pthread_join(thread, NULL);
    return loading.result;
}

Runtime *shim_runtime(JNIEnv *env, const char *resources, char *error, size_t size)
{
    char key[RUNTIME_KEY_SIZE];
    shim_runtime_key(resources, key, sizeof key);
    pthread_mutex_lock(&runtimes_lock);
    Runtime *runtime = runtimes;
    while (runtime != NULL && strcmp(runtime->key, key) != 0) {
        runtime = runtime->next;
    }
    if (runtime == NULL) {
        runtime = calloc(1, sizeof *runtime);
        if (runtime != NULL) {
            snprintf(runtime->key, sizeof runtime->key, "%s", key);
        }
        if (runtime != NULL && load_on_own_thread(env, runtime, resources, error, size) == 0) {
            runtime->next = runtimes;
            runtimes = runtime;
        } else {
            if (runtime == NULL) snprintf(error, size, "out of memory");
            free(runtime);
            runtime = NULL;
        }
    }
    pthread_mutex_unlock(&runtimes_lock);
    return runtime;
}
