/*
 * The FMI 3.0 shim: exports the fmi3* functions of Model Exchange and Co-Simulation and
 * forwards each one to a static method of org.btfmu.fmu.Fmi3Entry, in the class loader of
 * the FMU's runtime, with primitive arguments (C addresses as long). It shares finding the
 * JVM (jvm.c) and loading the runtime (runtime.c) with the FMI 2.0 shim and, like it, only
 * marshals: the calling-sequence table (Fmi3Function), argument checks and every message
 * live in Java. Functions of features the FMU does not declare (Scheduled Execution,
 * clocks, configuration mode, derivatives) are forwarded too, with their name, so that
 * Java refuses them in one place.
 */
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi3.h"
#include "shim.h"

#define ENTRY3_CLASS "org.btfmu.fmu.Fmi3Entry"
#define LOGGER3_CLASS "org.btfmu.fmu.Fmi3Logger"

enum Entry3Method {
    E_INSTANTIATE,
    E_FREE_INSTANCE,
    E_SET_DEBUG_LOGGING,
    E_ENTER_INITIALIZATION_MODE,
    E_EXIT_INITIALIZATION_MODE,
    E_ENTER_EVENT_MODE,
    E_TERMINATE,
    E_RESET,
    E_GET_FLOAT64,
    E_SET_FLOAT64,
    E_GET_INT32,
    E_SET_INT32,
    E_GET_INT64,
    E_SET_INT64,
    E_GET_BOOLEAN,
    E_SET_BOOLEAN,
    E_GET_STRING,
    E_SET_STRING,
    E_OTHER_TYPE,
    E_GET_FMU_STATE,
    E_SET_FMU_STATE,
    E_FREE_FMU_STATE,
    E_SERIALIZED_FMU_STATE_SIZE,
    E_SERIALIZE_FMU_STATE,
    E_DESERIALIZE_FMU_STATE,
    E_UNSUPPORTED,
    E_EVALUATE_DISCRETE_STATES,
    E_UPDATE_DISCRETE_STATES,
    E_ENTER_CONTINUOUS_TIME_MODE,
    E_COMPLETED_INTEGRATOR_STEP,
    E_SET_TIME,
    E_CONTINUOUS_STATES,
    E_GET_EVENT_INDICATORS,
    E_GET_NUMBER_OF_EVENT_INDICATORS,
    E_GET_NUMBER_OF_CONTINUOUS_STATES,
    E_ENTER_STEP_MODE,
    E_DO_STEP,
    E_COUNT
};

static const struct {
    const char *name;
    const char *signature;
} ENTRY3_METHODS[E_COUNT] = {
    [E_INSTANTIATE] = {"instantiate", "(JIJJJJZZZZ)J"},
    [E_FREE_INSTANCE] = {"freeInstance", "(J)V"},
    [E_SET_DEBUG_LOGGING] = {"setDebugLogging", "(JZJJ)I"},
    [E_ENTER_INITIALIZATION_MODE] = {"enterInitializationMode", "(JZDDZD)I"},
    [E_EXIT_INITIALIZATION_MODE] = {"exitInitializationMode", "(J)I"},
    [E_ENTER_EVENT_MODE] = {"enterEventMode", "(J)I"},
    [E_TERMINATE] = {"terminate", "(J)I"},
    [E_RESET] = {"reset", "(J)I"},
    [E_GET_FLOAT64] = {"getFloat64", "(JJJJJ)I"},
    [E_SET_FLOAT64] = {"setFloat64", "(JJJJJ)I"},
    [E_GET_INT32] = {"getInt32", "(JJJJJ)I"},
    [E_SET_INT32] = {"setInt32", "(JJJJJ)I"},
    [E_GET_INT64] = {"getInt64", "(JJJJJ)I"},
    [E_SET_INT64] = {"setInt64", "(JJJJJ)I"},
    [E_GET_BOOLEAN] = {"getBoolean", "(JJJJJ)I"},
    [E_SET_BOOLEAN] = {"setBoolean", "(JJJJJ)I"},
    [E_GET_STRING] = {"getString", "(JJJJJ)I"},
    [E_SET_STRING] = {"setString", "(JJJJJ)I"},
    [E_OTHER_TYPE] = {"otherType", "(JJJ)I"},
    [E_GET_FMU_STATE] = {"getFMUState", "(JJ)I"},
    [E_SET_FMU_STATE] = {"setFMUState", "(JJ)I"},
    [E_FREE_FMU_STATE] = {"freeFMUState", "(JJ)I"},
    [E_SERIALIZED_FMU_STATE_SIZE] = {"serializedFMUStateSize", "(JJJ)I"},
    [E_SERIALIZE_FMU_STATE] = {"serializeFMUState", "(JJJJ)I"},
    [E_DESERIALIZE_FMU_STATE] = {"deserializeFMUState", "(JJJJ)I"},
    [E_UNSUPPORTED] = {"unsupported", "(JJ)I"},
    [E_EVALUATE_DISCRETE_STATES] = {"evaluateDiscreteStates", "(J)I"},
    [E_UPDATE_DISCRETE_STATES] = {"updateDiscreteStates", "(JJJJJJJ)I"},
    [E_ENTER_CONTINUOUS_TIME_MODE] = {"enterContinuousTimeMode", "(J)I"},
    [E_COMPLETED_INTEGRATOR_STEP] = {"completedIntegratorStep", "(JZJJ)I"},
    [E_SET_TIME] = {"setTime", "(JD)I"},
    [E_CONTINUOUS_STATES] = {"continuousStates", "(JJJJ)I"},
    [E_GET_EVENT_INDICATORS] = {"getEventIndicators", "(JJJ)I"},
    [E_GET_NUMBER_OF_EVENT_INDICATORS] = {"getNumberOfEventIndicators", "(JJ)I"},
    [E_GET_NUMBER_OF_CONTINUOUS_STATES] = {"getNumberOfContinuousStates", "(JJ)I"},
    [E_ENTER_STEP_MODE] = {"enterStepMode", "(J)I"},
    [E_DO_STEP] = {"doStep", "(JDDZJJJJ)I"},
};

/* Fmi3Entry of one runtime (found once per runtime, kept for the process like the runtime). */
typedef struct Entry3 {
    struct Entry3 *next;
    const Runtime *runtime;
    jclass entry; /* global reference */
    jmethodID methods[E_COUNT];
} Entry3;

static pthread_mutex_t entries_lock = PTHREAD_MUTEX_INITIALIZER;
static Entry3 *entries;

/* What fmi3Instantiate* returns: the Java slave's handle and where to call it. */
typedef struct {
    Entry3 *entry;
    JavaVM *vm;
    jlong handle;
    fmi3LogMessageCallback logger;
    fmi3InstanceEnvironment environment;
} Instance;

#define ADDRESS(p) ((jlong)(intptr_t)(p))
#define BOOL(b) ((jboolean)((b) != 0))

static void log_error(fmi3LogMessageCallback logger, fmi3InstanceEnvironment environment,
                      const char *message)
{
    if (logger != NULL) {
        logger(environment, fmi3Error, "logStatusError", message);
    }
}

/* Fmi3Logger.call: the importer's fmi3LogMessageCallback, with C strings Java prepared. */
static void JNICALL call_logger(JNIEnv *env, jclass type, jlong logger, jlong environment,
                                jint status, jlong category, jlong message)
{
    (void)env;
    (void)type;
    fmi3LogMessageCallback log = (fmi3LogMessageCallback)(intptr_t)logger;
    log((fmi3InstanceEnvironment)(intptr_t)environment, (fmi3Status)status,
        (fmi3String)(intptr_t)category, (fmi3String)(intptr_t)message);
}

static JNINativeMethod LOGGER3_NATIVE = {"call", "(JJIJJ)V", (void *)call_logger};

static jclass load_class(JNIEnv *env, jobject loader, const char *name)
{
    jclass class_loader = (*env)->FindClass(env, "java/lang/ClassLoader");
    jmethodID load = class_loader ? (*env)->GetMethodID(env, class_loader, "loadClass",
                                                        "(Ljava/lang/String;)Ljava/lang/Class;")
                                  : NULL;
    jstring jname = load ? (*env)->NewStringUTF(env, name) : NULL;
    jclass found = jname ? (jclass)(*env)->CallObjectMethod(env, loader, load, jname) : NULL;
    return (*env)->ExceptionCheck(env) ? NULL : found;
}

/* Fmi3Entry and its methods in the runtime's loader; binds Fmi3Logger's native. */
static Entry3 *entry_of(JNIEnv *env, const Runtime *runtime, char *error, size_t size)
{
    pthread_mutex_lock(&entries_lock);
    Entry3 *found = entries;
    while (found != NULL && found->runtime != runtime) {
        found = found->next;
    }
    if (found == NULL && (*env)->PushLocalFrame(env, 16) == JNI_OK) {
        Entry3 *made = calloc(1, sizeof *made);
        jclass entry = made ? load_class(env, runtime->loader, ENTRY3_CLASS) : NULL;
        int ok = entry != NULL;
        for (int m = 0; m < E_COUNT && ok; m++) {
            made->methods[m] = (*env)->GetStaticMethodID(env, entry, ENTRY3_METHODS[m].name,
                                                         ENTRY3_METHODS[m].signature);
            ok = made->methods[m] != NULL;
        }
        jclass logger = ok ? load_class(env, runtime->loader, LOGGER3_CLASS) : NULL;
        ok = logger != NULL && (*env)->RegisterNatives(env, logger, &LOGGER3_NATIVE, 1) == JNI_OK;
        if (ok) {
            made->entry = (jclass)(*env)->NewGlobalRef(env, entry);
            ok = made->entry != NULL;
        }
        if (ok) {
            made->runtime = runtime;
            made->next = entries;
            entries = made;
            found = made;
        } else {
            if ((*env)->ExceptionCheck(env)) {
                shim_describe_exception(env, "cannot load " ENTRY3_CLASS " from the FMU's jars",
                                        error, size);
            } else {
                snprintf(error, size, "cannot load " ENTRY3_CLASS " from the FMU's jars"
                         " (a runtime without FMI 3.0 support?)");
            }
            free(made);
        }
        (*env)->PopLocalFrame(env, NULL);
    }
    pthread_mutex_unlock(&entries_lock);
    return found;
}

/*
 * Calls the Java method m with the arguments that follow. A Java exception (the entry
 * methods catch every Throwable, so this means e.g. a stack overflow) becomes fmi3Error.
 */
static fmi3Status forward(fmi3Instance instance, enum Entry3Method m, ...)
{
    Instance *i = instance;
    if (i == NULL) {
        return fmi3Error;
    }
    char why[256];
    JNIEnv *env = shim_env(i->vm, why, sizeof why);
    if (env == NULL) {
        log_error(i->logger, i->environment, why);
        return fmi3Error;
    }
    va_list args;
    va_start(args, m);
    jint status = (*env)->CallStaticIntMethodV(env, i->entry->entry, i->entry->methods[m], args);
    va_end(args);
    if ((status & ~SHIM_STATUS_BITS) != SHIM_RETURNED && (*env)->ExceptionCheck(env)) { /* shim.h */
        char error[SHIM_ERROR_SIZE];
        shim_describe_exception(env, "the FMU's Java code failed", error, sizeof error);
        log_error(i->logger, i->environment, error);
        return fmi3Error;
    }
    return (fmi3Status)(status & SHIM_STATUS_BITS);
}

#define HANDLE(c) ((c) != NULL ? ((Instance *)(c))->handle : 0)

/* interfaceType: 0 Model Exchange, 1 Co-Simulation, 2 Scheduled Execution (refused in Java). */
static fmi3Instance instantiate_guarded(int interfaceType, fmi3String instanceName,
                                        fmi3String instantiationToken, fmi3String resourcePath,
                                        fmi3Boolean visible, fmi3Boolean loggingOn,
                                        fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                        fmi3InstanceEnvironment environment,
                                        fmi3LogMessageCallback logger)
{
    char error[SHIM_ERROR_SIZE] = "";
    char resources[PATH_MAX];
    if (resourcePath == NULL || !shim_is_absolute_path(resourcePath)) {
        snprintf(error, sizeof error,
                 "fmi3Instantiate: resourcePath %s%s%s is not an absolute path; this FMU needs its "
                 "resources directory (its Java runtime and mission live there)",
                 resourcePath ? "'" : "", resourcePath ? resourcePath : "is NULL and",
                 resourcePath ? "'" : "");
        log_error(logger, environment, error);
        return NULL;
    }
    snprintf(resources, sizeof resources, "%s", resourcePath);
    size_t n = strlen(resources);
    while (n > 1 && (resources[n - 1] == '/' || (SHIM_WINDOWS && resources[n - 1] == '\\'))) {
        resources[--n] = '\0'; /* the specification ends it with a separator */
    }

    JavaVM *vm = shim_jvm(resources, error, sizeof error);
    JNIEnv *env = vm != NULL ? shim_env(vm, error, sizeof error) : NULL;
    Runtime *runtime = env != NULL ? shim_runtime(env, resources, error, sizeof error) : NULL;
    Entry3 *entry = runtime != NULL ? entry_of(env, runtime, error, sizeof error) : NULL;
    Instance *instance = entry != NULL ? calloc(1, sizeof *instance) : NULL;
    if (instance == NULL) {
        char message[SHIM_ERROR_SIZE + 64];
        snprintf(message, sizeof message, "fmi3Instantiate: %s", error[0] ? error : "out of memory");
        log_error(logger, environment, message);
        return NULL;
    }
    instance->entry = entry;
    instance->vm = vm;
    instance->logger = logger;
    instance->environment = environment;
    jlong handle = (*env)->CallStaticLongMethod(
        env, entry->entry, entry->methods[E_INSTANTIATE], ADDRESS(instanceName),
        (jint)interfaceType, ADDRESS(instantiationToken), ADDRESS(resources), ADDRESS(logger),
        ADDRESS(environment), BOOL(visible), BOOL(loggingOn), BOOL(eventModeUsed),
        BOOL(earlyReturnAllowed));
    if ((*env)->ExceptionCheck(env)) {
        shim_describe_exception(env, "fmi3Instantiate: the FMU's Java code failed", error,
                                sizeof error);
        log_error(logger, environment, error);
        handle = 0;
    }
    if (handle == 0) {
        free(instance);
        return NULL; /* Java has logged why */
    }
    instance->handle = handle;
    return instance;
}

/*
 * instantiate_guarded with the host's locale, SIGCHLD and floating-point control put back
 * afterwards, as fmi2Instantiate does (docs/where-the-fmu-runs.md "Where the FMU runs").
 */
static fmi3Instance instantiate(int interfaceType, fmi3String instanceName,
                                fmi3String instantiationToken, fmi3String resourcePath,
                                fmi3Boolean visible, fmi3Boolean loggingOn,
                                fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                fmi3InstanceEnvironment environment,
                                fmi3LogMessageCallback logger)
{
    HostSettings settings;
    shim_save_host_settings(&settings);
    ENTER_JVM;
    fmi3Instance instance = instantiate_guarded(interfaceType, instanceName, instantiationToken,
                                                resourcePath, visible, loggingOn, eventModeUsed,
                                                earlyReturnAllowed, environment, logger);
    LEAVE_JVM;
    shim_restore_host_settings(&settings);
    return instance;
}

const char *fmi3GetVersion(void) { return fmi3Version; }

fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName, fmi3String instantiationToken,
                                          fmi3String resourcePath, fmi3Boolean visible,
                                          fmi3Boolean loggingOn,
                                          fmi3InstanceEnvironment instanceEnvironment,
                                          fmi3LogMessageCallback logMessage)
{
    return instantiate(0, instanceName, instantiationToken, resourcePath, visible, loggingOn,
                       fmi3False, fmi3False, instanceEnvironment, logMessage);
}

fmi3Instance fmi3InstantiateCoSimulation(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
    fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed,
    fmi3Boolean earlyReturnAllowed, const fmi3ValueReference requiredIntermediateVariables[],
    size_t nRequiredIntermediateVariables, fmi3InstanceEnvironment instanceEnvironment,
    fmi3LogMessageCallback logMessage, fmi3IntermediateUpdateCallback intermediateUpdate)
{
    /* no intermediate update (providesIntermediateUpdate="false"): nothing to keep */
    (void)requiredIntermediateVariables;
    (void)nRequiredIntermediateVariables;
    (void)intermediateUpdate;
    return instantiate(1, instanceName, instantiationToken, resourcePath, visible, loggingOn,
                       eventModeUsed, earlyReturnAllowed, instanceEnvironment, logMessage);
}

fmi3Instance fmi3InstantiateScheduledExecution(
    fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
    fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
    fmi3LogMessageCallback logMessage, fmi3ClockUpdateCallback clockUpdate,
    fmi3LockPreemptionCallback lockPreemption, fmi3UnlockPreemptionCallback unlockPreemption)
{
    (void)clockUpdate;
    (void)lockPreemption;
    (void)unlockPreemption;
    return instantiate(2, instanceName, instantiationToken, resourcePath, visible, loggingOn,
                       fmi3False, fmi3False, instanceEnvironment, logMessage);
}

void fmi3FreeInstance(fmi3Instance instance)
{
    Instance *i = instance;
    if (i == NULL) {
        return;
    }
    char why[256];
    JNIEnv *env = shim_env(i->vm, why, sizeof why);
    if (env != NULL) {
        ENTER_JVM;
        (*env)->CallStaticVoidMethod(env, i->entry->entry, i->entry->methods[E_FREE_INSTANCE],
                                     i->handle);
        if ((*env)->ExceptionCheck(env)) {
            (*env)->ExceptionClear(env);
        }
        LEAVE_JVM;
    }
    free(i);
}

fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories,
                               const fmi3String categories[])
{
    return forward(instance, E_SET_DEBUG_LOGGING, HANDLE(instance), BOOL(loggingOn),
                   (jlong)nCategories, ADDRESS(categories));
}

fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean toleranceDefined,
                                       fmi3Float64 tolerance, fmi3Float64 startTime,
                                       fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
    return forward(instance, E_ENTER_INITIALIZATION_MODE, HANDLE(instance),
                   BOOL(toleranceDefined), tolerance, startTime, BOOL(stopTimeDefined), stopTime);
}

#define SIMPLE(Function, M) \
    fmi3Status Function(fmi3Instance instance) { return forward(instance, M, HANDLE(instance)); }

SIMPLE(fmi3ExitInitializationMode, E_EXIT_INITIALIZATION_MODE)
SIMPLE(fmi3EnterEventMode, E_ENTER_EVENT_MODE)
SIMPLE(fmi3Terminate, E_TERMINATE)
SIMPLE(fmi3Reset, E_RESET)
SIMPLE(fmi3EvaluateDiscreteStates, E_EVALUATE_DISCRETE_STATES)
SIMPLE(fmi3EnterContinuousTimeMode, E_ENTER_CONTINUOUS_TIME_MODE)
SIMPLE(fmi3EnterStepMode, E_ENTER_STEP_MODE)

/* A function of a feature this FMU does not declare: Java refuses it, naming it. */
#define UNSUPPORTED(instance, name) \
    forward(instance, E_UNSUPPORTED, HANDLE(instance), ADDRESS(name))

/* The value types the FMU uses. */
#define ACCESSORS(Name, Type, GET, SET)                                                        \
    fmi3Status fmi3Get##Name(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr, \
                             Type values[], size_t nValues)                                    \
    {                                                                                          \
        return forward(instance, GET, HANDLE(instance), ADDRESS(vr), (jlong)nvr,               \
                       ADDRESS(values), (jlong)nValues);                                       \
    }                                                                                          \
    fmi3Status fmi3Set##Name(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr, \
                             const Type values[], size_t nValues)                              \
    {                                                                                          \
        return forward(instance, SET, HANDLE(instance), ADDRESS(vr), (jlong)nvr,               \
                       ADDRESS(values), (jlong)nValues);                                       \
    }

ACCESSORS(Float64, fmi3Float64, E_GET_FLOAT64, E_SET_FLOAT64)
ACCESSORS(Int32, fmi3Int32, E_GET_INT32, E_SET_INT32)
ACCESSORS(Int64, fmi3Int64, E_GET_INT64, E_SET_INT64)
ACCESSORS(Boolean, fmi3Boolean, E_GET_BOOLEAN, E_SET_BOOLEAN)
ACCESSORS(String, fmi3String, E_GET_STRING, E_SET_STRING)

/* Value types the FMU has no variable of: Java checks the state and refuses any vr. */
#define OTHER_ACCESSORS(Name, Type)                                                            \
    fmi3Status fmi3Get##Name(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr, \
                             Type values[], size_t nValues)                                    \
    {                                                                                          \
        (void)vr;                                                                              \
        (void)values;                                                                          \
        (void)nValues;                                                                         \
        return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3Get" #Name),     \
                       (jlong)nvr);                                                            \
    }                                                                                          \
    fmi3Status fmi3Set##Name(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr, \
                             const Type values[], size_t nValues)                              \
    {                                                                                          \
        (void)vr;                                                                              \
        (void)values;                                                                          \
        (void)nValues;                                                                         \
        return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3Set" #Name),     \
                       (jlong)nvr);                                                            \
    }

OTHER_ACCESSORS(Float32, fmi3Float32)
OTHER_ACCESSORS(Int8, fmi3Int8)
OTHER_ACCESSORS(UInt8, fmi3UInt8)
OTHER_ACCESSORS(Int16, fmi3Int16)
OTHER_ACCESSORS(UInt16, fmi3UInt16)
OTHER_ACCESSORS(UInt32, fmi3UInt32)
OTHER_ACCESSORS(UInt64, fmi3UInt64)

fmi3Status fmi3GetBinary(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                         size_t valueSizes[], fmi3Binary values[], size_t nValues)
{
    (void)vr;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3GetBinary"),
                   (jlong)nvr);
}

fmi3Status fmi3SetBinary(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                         const size_t valueSizes[], const fmi3Binary values[], size_t nValues)
{
    (void)vr;
    (void)valueSizes;
    (void)values;
    (void)nValues;
    return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3SetBinary"),
                   (jlong)nvr);
}

fmi3Status fmi3GetClock(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                        fmi3Clock values[])
{
    (void)vr;
    (void)values;
    return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3GetClock"), (jlong)nvr);
}

fmi3Status fmi3SetClock(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                        const fmi3Clock values[])
{
    (void)vr;
    (void)values;
    return forward(instance, E_OTHER_TYPE, HANDLE(instance), ADDRESS("fmi3SetClock"), (jlong)nvr);
}

fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance instance,
                                               fmi3ValueReference valueReference,
                                               size_t *nDependencies)
{
    (void)valueReference;
    (void)nDependencies;
    return UNSUPPORTED(instance, "fmi3GetNumberOfVariableDependencies");
}

fmi3Status fmi3GetVariableDependencies(fmi3Instance instance, fmi3ValueReference dependent,
                                       size_t elementIndicesOfDependent[],
                                       fmi3ValueReference independents[],
                                       size_t elementIndicesOfIndependents[],
                                       fmi3DependencyKind dependencyKinds[],
                                       size_t nDependencies)
{
    (void)dependent;
    (void)elementIndicesOfDependent;
    (void)independents;
    (void)elementIndicesOfIndependents;
    (void)dependencyKinds;
    (void)nDependencies;
    return UNSUPPORTED(instance, "fmi3GetVariableDependencies");
}

fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState *FMUState)
{
    return forward(instance, E_GET_FMU_STATE, HANDLE(instance), ADDRESS(FMUState));
}

fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState FMUState)
{
    return forward(instance, E_SET_FMU_STATE, HANDLE(instance), ADDRESS(FMUState));
}

fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState *FMUState)
{
    return forward(instance, E_FREE_FMU_STATE, HANDLE(instance), ADDRESS(FMUState));
}

fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState FMUState, size_t *size)
{
    return forward(instance, E_SERIALIZED_FMU_STATE_SIZE, HANDLE(instance), ADDRESS(FMUState),
                   ADDRESS(size));
}

fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState FMUState,
                                 fmi3Byte serializedState[], size_t size)
{
    return forward(instance, E_SERIALIZE_FMU_STATE, HANDLE(instance), ADDRESS(FMUState),
                   ADDRESS(serializedState), (jlong)size);
}

fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serializedState[],
                                   size_t size, fmi3FMUState *FMUState)
{
    return forward(instance, E_DESERIALIZE_FMU_STATE, HANDLE(instance), ADDRESS(serializedState),
                   (jlong)size, ADDRESS(FMUState));
}

#define DERIVATIVE(Function)                                                                   \
    fmi3Status Function(fmi3Instance instance, const fmi3ValueReference unknowns[],            \
                        size_t nUnknowns, const fmi3ValueReference knowns[], size_t nKnowns,   \
                        const fmi3Float64 seed[], size_t nSeed, fmi3Float64 sensitivity[],     \
                        size_t nSensitivity)                                                   \
    {                                                                                          \
        (void)unknowns;                                                                        \
        (void)nUnknowns;                                                                       \
        (void)knowns;                                                                          \
        (void)nKnowns;                                                                         \
        (void)seed;                                                                            \
        (void)nSeed;                                                                           \
        (void)sensitivity;                                                                     \
        (void)nSensitivity;                                                                    \
        return UNSUPPORTED(instance, #Function);                                                \
    }

DERIVATIVE(fmi3GetDirectionalDerivative)
DERIVATIVE(fmi3GetAdjointDerivative)

fmi3Status fmi3EnterConfigurationMode(fmi3Instance instance)
{
    return UNSUPPORTED(instance, "fmi3EnterConfigurationMode");
}

fmi3Status fmi3ExitConfigurationMode(fmi3Instance instance)
{
    return UNSUPPORTED(instance, "fmi3ExitConfigurationMode");
}

fmi3Status fmi3GetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference vr[],
                                  size_t nvr, fmi3Float64 intervals[],
                                  fmi3IntervalQualifier qualifiers[])
{
    (void)vr, (void)nvr, (void)intervals, (void)qualifiers;
    return UNSUPPORTED(instance, "fmi3GetIntervalDecimal");
}

fmi3Status fmi3GetIntervalFraction(fmi3Instance instance, const fmi3ValueReference vr[],
                                   size_t nvr, fmi3UInt64 counters[], fmi3UInt64 resolutions[],
                                   fmi3IntervalQualifier qualifiers[])
{
    (void)vr, (void)nvr, (void)counters, (void)resolutions, (void)qualifiers;
    return UNSUPPORTED(instance, "fmi3GetIntervalFraction");
}

fmi3Status fmi3GetShiftDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                               fmi3Float64 shifts[])
{
    (void)vr, (void)nvr, (void)shifts;
    return UNSUPPORTED(instance, "fmi3GetShiftDecimal");
}

fmi3Status fmi3GetShiftFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                fmi3UInt64 counters[], fmi3UInt64 resolutions[])
{
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    return UNSUPPORTED(instance, "fmi3GetShiftFraction");
}

fmi3Status fmi3SetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference vr[],
                                  size_t nvr, const fmi3Float64 intervals[])
{
    (void)vr, (void)nvr, (void)intervals;
    return UNSUPPORTED(instance, "fmi3SetIntervalDecimal");
}

fmi3Status fmi3SetIntervalFraction(fmi3Instance instance, const fmi3ValueReference vr[],
                                   size_t nvr, const fmi3UInt64 counters[],
                                   const fmi3UInt64 resolutions[])
{
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    return UNSUPPORTED(instance, "fmi3SetIntervalFraction");
}

fmi3Status fmi3SetShiftDecimal(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                               const fmi3Float64 shifts[])
{
    (void)vr, (void)nvr, (void)shifts;
    return UNSUPPORTED(instance, "fmi3SetShiftDecimal");
}

fmi3Status fmi3SetShiftFraction(fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                                const fmi3UInt64 counters[], const fmi3UInt64 resolutions[])
{
    (void)vr, (void)nvr, (void)counters, (void)resolutions;
    return UNSUPPORTED(instance, "fmi3SetShiftFraction");
}

fmi3Status fmi3UpdateDiscreteStates(fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate,
                                    fmi3Boolean *terminateSimulation,
                                    fmi3Boolean *nominalsOfContinuousStatesChanged,
                                    fmi3Boolean *valuesOfContinuousStatesChanged,
                                    fmi3Boolean *nextEventTimeDefined, fmi3Float64 *nextEventTime)
{
    return forward(instance, E_UPDATE_DISCRETE_STATES, HANDLE(instance),
                   ADDRESS(discreteStatesNeedUpdate), ADDRESS(terminateSimulation),
                   ADDRESS(nominalsOfContinuousStatesChanged),
                   ADDRESS(valuesOfContinuousStatesChanged), ADDRESS(nextEventTimeDefined),
                   ADDRESS(nextEventTime));
}

/* Model Exchange */

fmi3Status fmi3CompletedIntegratorStep(fmi3Instance instance,
                                       fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                                       fmi3Boolean *enterEventMode,
                                       fmi3Boolean *terminateSimulation)
{
    return forward(instance, E_COMPLETED_INTEGRATOR_STEP, HANDLE(instance),
                   BOOL(noSetFMUStatePriorToCurrentPoint), ADDRESS(enterEventMode),
                   ADDRESS(terminateSimulation));
}

fmi3Status fmi3SetTime(fmi3Instance instance, fmi3Float64 time)
{
    return forward(instance, E_SET_TIME, HANDLE(instance), time);
}

/* The FMU has no continuous states: Java checks the state and that n is 0. */
#define CONTINUOUS(instance, name, values, n)                                                \
    forward(instance, E_CONTINUOUS_STATES, HANDLE(instance), ADDRESS(name), ADDRESS(values), \
            (jlong)(n))

fmi3Status fmi3SetContinuousStates(fmi3Instance instance, const fmi3Float64 continuousStates[],
                                   size_t nContinuousStates)
{
    return CONTINUOUS(instance, "fmi3SetContinuousStates", continuousStates, nContinuousStates);
}

fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance instance, fmi3Float64 derivatives[],
                                             size_t nContinuousStates)
{
    return CONTINUOUS(instance, "fmi3GetContinuousStateDerivatives", derivatives,
                      nContinuousStates);
}

fmi3Status fmi3GetContinuousStates(fmi3Instance instance, fmi3Float64 continuousStates[],
                                   size_t nContinuousStates)
{
    return CONTINUOUS(instance, "fmi3GetContinuousStates", continuousStates, nContinuousStates);
}

fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance instance, fmi3Float64 nominals[],
                                             size_t nContinuousStates)
{
    return CONTINUOUS(instance, "fmi3GetNominalsOfContinuousStates", nominals,
                      nContinuousStates);
}

fmi3Status fmi3GetEventIndicators(fmi3Instance instance, fmi3Float64 eventIndicators[],
                                  size_t nEventIndicators)
{
    return forward(instance, E_GET_EVENT_INDICATORS, HANDLE(instance), ADDRESS(eventIndicators),
                   (jlong)nEventIndicators);
}

fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance instance, size_t *nEventIndicators)
{
    return forward(instance, E_GET_NUMBER_OF_EVENT_INDICATORS, HANDLE(instance),
                   ADDRESS(nEventIndicators));
}

fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance instance, size_t *nContinuousStates)
{
    return forward(instance, E_GET_NUMBER_OF_CONTINUOUS_STATES, HANDLE(instance),
                   ADDRESS(nContinuousStates));
}

/* Co-Simulation */

fmi3Status fmi3GetOutputDerivatives(fmi3Instance instance, const fmi3ValueReference vr[],
                                    size_t nvr, const fmi3Int32 orders[], fmi3Float64 values[],
                                    size_t nValues)
{
    (void)vr, (void)nvr, (void)orders, (void)values, (void)nValues;
    return UNSUPPORTED(instance, "fmi3GetOutputDerivatives");
}

fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint,
                      fmi3Float64 communicationStepSize,
                      fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                      fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation,
                      fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime)
{
    return forward(instance, E_DO_STEP, HANDLE(instance), currentCommunicationPoint,
                   communicationStepSize, BOOL(noSetFMUStatePriorToCurrentPoint),
                   ADDRESS(eventHandlingNeeded), ADDRESS(terminateSimulation),
                   ADDRESS(earlyReturn), ADDRESS(lastSuccessfulTime));
}

/* Scheduled Execution */

fmi3Status fmi3ActivateModelPartition(fmi3Instance instance, fmi3ValueReference clockReference,
                                      fmi3Float64 activationTime)
{
    (void)clockReference;
    (void)activationTime;
    return UNSUPPORTED(instance, "fmi3ActivateModelPartition");
}
