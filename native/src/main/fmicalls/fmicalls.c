/*
 * The master's per-step FMI calls through JNI (cosim's JniFmi2Calls, JniFmi3Calls and their
 * Step and ModelExchange siblings): every function takes the address of the FMU's C function
 * (resolved by the Java side once per library), the instance and plain Java arrays, and only
 * marshals. One library serves every FMU, so nothing here is per library or per instance.
 *
 * Arrays are copied with Get/Set<Type>ArrayRegion into C memory (on the stack for the tens of
 * values a step moves) rather than pinned with GetPrimitiveArrayCritical: the FMU may call back
 * into this JVM on this thread (a bt-fmu mission FMU runs its Java in the master's JVM), and JNI
 * forbids JNI calls inside a critical region; with the serial collector a collection needed
 * there could not run. A copy of ten values costs a few nanoseconds and no allocation.
 *
 * The Java side checks the lengths (an array at least as long as the count it passes), so the
 * region calls here never throw. Outputs are copied back when the status is below Error (the
 * FMI specifications leave them undefined otherwise; the master throws on such a status).
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2.h"
#include "fmi3.h"

/* The win64 build uses Linux's jni_md.h (see the Makefile), whose JNIEXPORT does not export from a DLL. */
#ifdef _WIN32
#define EXPORT __declspec(dllexport)
#else
#define EXPORT JNIEXPORT
#endif

/* The function types, written from the FMI 2.0 (§2.1.7, §3.2.2, §4.2.2) and FMI 3.0 (§2.3.6,
 * §3.2.1, §4.2.1) texts. */
typedef fmi2Status (*fmi2GetRealType)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Real[]);
typedef fmi2Status (*fmi2SetRealType)(fmi2Component, const fmi2ValueReference[], size_t, const fmi2Real[]);
typedef fmi2Status (*fmi2GetIntegerType)(fmi2Component, const fmi2ValueReference[], size_t, fmi2Integer[]);
typedef fmi2Status (*fmi2SetIntegerType)(fmi2Component, const fmi2ValueReference[], size_t,
                                         const fmi2Integer[]);
/* fmi2Boolean is an int: the Integer types serve fmi2Get/SetBoolean too. */
typedef fmi2Status (*fmi2DoStepType)(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean);
typedef fmi2Status (*fmi2SetTimeType)(fmi2Component, fmi2Real);
typedef fmi2Status (*fmi2SetContinuousStatesType)(fmi2Component, const fmi2Real[], size_t);
/* fmi2GetContinuousStates, fmi2GetDerivatives, fmi2GetEventIndicators */
typedef fmi2Status (*fmi2GetRealVectorType)(fmi2Component, fmi2Real[], size_t);
typedef fmi2Status (*fmi2CompletedIntegratorStepType)(fmi2Component, fmi2Boolean, fmi2Boolean *,
                                                      fmi2Boolean *);

typedef fmi3Status (*fmi3GetFloat64Type)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Float64[],
                                         size_t);
typedef fmi3Status (*fmi3SetFloat64Type)(fmi3Instance, const fmi3ValueReference[], size_t,
                                         const fmi3Float64[], size_t);
typedef fmi3Status (*fmi3GetInt32Type)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Int32[], size_t);
typedef fmi3Status (*fmi3SetInt32Type)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Int32[],
                                       size_t);
typedef fmi3Status (*fmi3GetInt64Type)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Int64[], size_t);
typedef fmi3Status (*fmi3SetInt64Type)(fmi3Instance, const fmi3ValueReference[], size_t, const fmi3Int64[],
                                       size_t);
typedef fmi3Status (*fmi3GetBooleanType)(fmi3Instance, const fmi3ValueReference[], size_t, fmi3Boolean[],
                                         size_t);
typedef fmi3Status (*fmi3SetBooleanType)(fmi3Instance, const fmi3ValueReference[], size_t,
                                         const fmi3Boolean[], size_t);
typedef fmi3Status (*fmi3DoStepType)(fmi3Instance, fmi3Float64, fmi3Float64, fmi3Boolean, fmi3Boolean *,
                                     fmi3Boolean *, fmi3Boolean *, fmi3Float64 *);
typedef fmi3Status (*fmi3SetTimeType)(fmi3Instance, fmi3Float64);
typedef fmi3Status (*fmi3SetContinuousStatesType)(fmi3Instance, const fmi3Float64[], size_t);
/* fmi3GetContinuousStates, fmi3GetContinuousStateDerivatives, fmi3GetEventIndicators */
typedef fmi3Status (*fmi3GetFloat64VectorType)(fmi3Instance, fmi3Float64[], size_t);
typedef fmi3Status (*fmi3CompletedIntegratorStepType)(fmi3Instance, fmi3Boolean, fmi3Boolean *,
                                                      fmi3Boolean *);

/* Both versions number their statuses alike: OK, Warning, Discard, Error, Fatal. */
#define STATUS_ERROR 3

#define FUNCTION(type, address) ((type)(uintptr_t)(address))
#define POINTER(address) ((void *)(uintptr_t)(address))

/* C memory for one array's elements: on the stack up to LOCAL bytes, else malloc'ed. */
enum { LOCAL = 512 };
typedef struct {
    void *data;
    _Alignas(8) unsigned char local[LOCAL];
} Buffer;

/* Room for `bytes`, or NULL with an OutOfMemoryError pending. */
static void *room(JNIEnv *env, Buffer *b, size_t bytes)
{
    b->data = bytes <= LOCAL ? b->local : malloc(bytes);
    if (b->data == NULL) {
        jclass oom = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
        if (oom != NULL) {
            (*env)->ThrowNew(env, oom, "no C memory for the FMI call's values");
        }
    }
    return b->data;
}

static void release(Buffer *b)
{
    if (b->data != b->local) {
        free(b->data);
    }
}

/* The value references of a call: n elements of a Java int[] (fmi2/fmi3ValueReference are 32 bits). */
static void *value_references(JNIEnv *env, Buffer *b, jintArray vr, jint n)
{
    void *c = room(env, b, (size_t)n * sizeof(jint));
    if (c != NULL) {
        (*env)->GetIntArrayRegion(env, vr, 0, n, c);
    }
    return c;
}

/* One body per element type: in (copied to C before the call) or out (copied back after it). */
#define IN(Type, jtype, array, n, b, ok, after)                                                \
    void *ok = (after) ? room(env, &b, (size_t)(n) * sizeof(jtype)) : NULL;                    \
    if (ok != NULL) {                                                                          \
        (*env)->Get##Type##ArrayRegion(env, array, 0, n, ok);                                  \
    }
#define OUT_ROOM(jtype, n, b, ok, after) void *ok = (after) ? room(env, &b, (size_t)(n) * sizeof(jtype)) : NULL;
#define OUT(Type, array, n, data, status)                                                      \
    if ((status) < STATUS_ERROR) {                                                             \
        (*env)->Set##Type##ArrayRegion(env, array, 0, n, data);                                \
    }

/* A get of n values: vr[0..n) in, values[0..n) out. */
#define GET(Type, jtype, ftype, fmi3)                                                          \
    Buffer refs, vals;                                                                         \
    jint status = STATUS_ERROR;                                                                \
    void *r = value_references(env, &refs, vr, n);                                             \
    OUT_ROOM(jtype, n, vals, v, r != NULL)                                                     \
    if (r != NULL && v != NULL) {                                                              \
        status = (jint)FUNCTION(ftype, function)(POINTER(instance), r, (size_t)n, v fmi3);     \
        OUT(Type, values, n, v, status)                                                        \
    }                                                                                          \
    if (v != NULL) release(&vals);                                                             \
    if (r != NULL) release(&refs);                                                             \
    return status;

/* A set of n values: vr[0..n) and values[0..n) in. */
#define SET(Type, jtype, ftype, fmi3)                                                          \
    Buffer refs, vals;                                                                         \
    jint status = STATUS_ERROR;                                                                \
    void *r = value_references(env, &refs, vr, n);                                             \
    IN(Type, jtype, values, n, vals, v, r != NULL)                                             \
    if (r != NULL && v != NULL) {                                                              \
        status = (jint)FUNCTION(ftype, function)(POINTER(instance), r, (size_t)n, v fmi3);     \
    }                                                                                          \
    if (v != NULL) release(&vals);                                                             \
    if (r != NULL) release(&refs);                                                             \
    return status;

#define FMI2_ARGS JNIEnv *env, jclass cls, jlong function, jlong instance, jintArray vr, jint n
/* FMI 3.0 passes nValues too: the master moves scalars, so it equals nValueReferences. */
#define FMI3_N , (size_t)n

/* ---- FMI 2.0 get/set (JniFmi2Calls) ---- */

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2Calls_getReal(FMI2_ARGS, jdoubleArray values)
{
    (void)cls;
    GET(Double, jdouble, fmi2GetRealType, )
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2Calls_setReal(FMI2_ARGS, jdoubleArray values)
{
    (void)cls;
    SET(Double, jdouble, fmi2SetRealType, )
}

/* fmi2GetInteger and fmi2GetBoolean (both C ints) */
EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2Calls_getInts(FMI2_ARGS, jintArray values)
{
    (void)cls;
    GET(Int, jint, fmi2GetIntegerType, )
}

/* fmi2SetInteger and fmi2SetBoolean */
EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2Calls_setInts(FMI2_ARGS, jintArray values)
{
    (void)cls;
    SET(Int, jint, fmi2SetIntegerType, )
}

/* ---- FMI 3.0 get/set (JniFmi3Calls) ---- */

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_getFloat64(FMI2_ARGS, jdoubleArray values)
{
    (void)cls;
    GET(Double, jdouble, fmi3GetFloat64Type, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_setFloat64(FMI2_ARGS, jdoubleArray values)
{
    (void)cls;
    SET(Double, jdouble, fmi3SetFloat64Type, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_getInt32(FMI2_ARGS, jintArray values)
{
    (void)cls;
    GET(Int, jint, fmi3GetInt32Type, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_setInt32(FMI2_ARGS, jintArray values)
{
    (void)cls;
    SET(Int, jint, fmi3SetInt32Type, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_getInt64(FMI2_ARGS, jlongArray values)
{
    (void)cls;
    GET(Long, jlong, fmi3GetInt64Type, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_setInt64(FMI2_ARGS, jlongArray values)
{
    (void)cls;
    SET(Long, jlong, fmi3SetInt64Type, FMI3_N)
}

/* fmi3Boolean is a one-byte bool: the Java bytes are passed as they are, as JNA did. */
EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_getBoolean(FMI2_ARGS, jbyteArray values)
{
    (void)cls;
    GET(Byte, jbyte, fmi3GetBooleanType, FMI3_N)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Calls_setBoolean(FMI2_ARGS, jbyteArray values)
{
    (void)cls;
    SET(Byte, jbyte, fmi3SetBooleanType, FMI3_N)
}

/* ---- doStep (JniFmi2Step, JniFmi3Step) ---- */

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2Step_doStep(JNIEnv *env, jclass cls, jlong function,
                                                             jlong instance, jdouble current, jdouble step,
                                                             jboolean noSetPrior)
{
    (void)env;
    (void)cls;
    return (jint)FUNCTION(fmi2DoStepType, function)(POINTER(instance), current, step,
                                                     noSetPrior ? fmi2True : fmi2False);
}

/* flags receives eventHandlingNeeded, terminateSimulation, earlyReturn; lastSuccessfulTime[0] the time. */
EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3Step_doStep(JNIEnv *env, jclass cls, jlong function,
                                                             jlong instance, jdouble current, jdouble step,
                                                             jboolean noSetPrior, jbyteArray flags,
                                                             jdoubleArray lastSuccessfulTime)
{
    (void)cls;
    fmi3Boolean out[3] = {false, false, false};
    fmi3Float64 last = 0;
    jint status = (jint)FUNCTION(fmi3DoStepType, function)(POINTER(instance), current, step, noSetPrior != 0,
                                                           &out[0], &out[1], &out[2], &last);
    jbyte bytes[3] = {(jbyte)out[0], (jbyte)out[1], (jbyte)out[2]};
    (*env)->SetByteArrayRegion(env, flags, 0, 3, bytes);
    (*env)->SetDoubleArrayRegion(env, lastSuccessfulTime, 0, 1, &last);
    return status;
}

/* ---- Model Exchange, per integrator step (JniFmi2ModelExchange, JniFmi3ModelExchange) ---- */

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2ModelExchange_setTime(JNIEnv *env, jclass cls, jlong function,
                                                                       jlong instance, jdouble time)
{
    (void)env;
    (void)cls;
    return (jint)FUNCTION(fmi2SetTimeType, function)(POINTER(instance), time);
}

/* fmi2SetContinuousStates and fmi3SetContinuousStates: (instance, const double[], size_t) alike. */
#define SET_VECTOR(ftype)                                                                      \
    Buffer b;                                                                                  \
    jint status = STATUS_ERROR;                                                                \
    IN(Double, jdouble, values, n, b, v, 1)                                                    \
    if (v != NULL) {                                                                           \
        status = (jint)FUNCTION(ftype, function)(POINTER(instance), v, (size_t)n);             \
        release(&b);                                                                           \
    }                                                                                          \
    return status;

/* The states, derivatives or event indicators: (instance, double[], size_t). */
#define GET_VECTOR(ftype)                                                                      \
    Buffer b;                                                                                  \
    jint status = STATUS_ERROR;                                                                \
    OUT_ROOM(jdouble, n, b, v, 1)                                                              \
    if (v != NULL) {                                                                           \
        status = (jint)FUNCTION(ftype, function)(POINTER(instance), v, (size_t)n);             \
        OUT(Double, values, n, v, status)                                                      \
        release(&b);                                                                           \
    }                                                                                          \
    return status;

#define VECTOR_ARGS JNIEnv *env, jclass cls, jlong function, jlong instance, jdoubleArray values, jint n

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2ModelExchange_setVector(VECTOR_ARGS)
{
    (void)cls;
    SET_VECTOR(fmi2SetContinuousStatesType)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2ModelExchange_getVector(VECTOR_ARGS)
{
    (void)cls;
    GET_VECTOR(fmi2GetRealVectorType)
}

/* flags[0] receives enterEventMode, flags[1] terminateSimulation. */
EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi2ModelExchange_completedIntegratorStep(JNIEnv *env, jclass cls,
                                                                                       jlong function,
                                                                                       jlong instance,
                                                                                       jbooleanArray flags)
{
    (void)cls;
    fmi2Boolean enter = fmi2False, terminate = fmi2False;
    jint status = (jint)FUNCTION(fmi2CompletedIntegratorStepType, function)(POINTER(instance), fmi2True, &enter,
                                                                            &terminate);
    jboolean out[2] = {enter != fmi2False, terminate != fmi2False};
    (*env)->SetBooleanArrayRegion(env, flags, 0, 2, out);
    return status;
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3ModelExchange_setTime(JNIEnv *env, jclass cls, jlong function,
                                                                       jlong instance, jdouble time)
{
    (void)env;
    (void)cls;
    return (jint)FUNCTION(fmi3SetTimeType, function)(POINTER(instance), time);
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3ModelExchange_setVector(VECTOR_ARGS)
{
    (void)cls;
    SET_VECTOR(fmi3SetContinuousStatesType)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3ModelExchange_getVector(VECTOR_ARGS)
{
    (void)cls;
    GET_VECTOR(fmi3GetFloat64VectorType)
}

EXPORT jint JNICALL Java_org_btfmu_cosim_JniFmi3ModelExchange_completedIntegratorStep(JNIEnv *env, jclass cls,
                                                                                       jlong function,
                                                                                       jlong instance,
                                                                                       jbooleanArray flags)
{
    (void)cls;
    fmi3Boolean enter = false, terminate = false;
    jint status = (jint)FUNCTION(fmi3CompletedIntegratorStepType, function)(POINTER(instance), true, &enter,
                                                                            &terminate);
    jboolean out[2] = {enter, terminate};
    (*env)->SetBooleanArrayRegion(env, flags, 0, 2, out);
    return status;
}
