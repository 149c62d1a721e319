/*
 * A stand-in for fmusim's CVODE run of an FMI 2.0 Model Exchange FMU (issue 26, item 3): the
 * same integrator and settings (SUNDIALS CVODE, BDF, Newton with a dense matrix and dense
 * linear solver, relative and absolute tolerance 1e-4, no Jacobian function, the event
 * indicators as CVODE's root functions) and the same loop (one CVode call per output point
 * without a stop time, an event handled at a root, a time event or a step event, CVODE
 * re-initialised after it), so that bt-fmu's Model Exchange run of a plant can be measured
 * beside it. Written here from the FMI 2.0 specification's Model Exchange algorithm and
 * SUNDIALS' documented API; a benchmark tool, not part of bt-fmu.
 *
 *   cvode_me <unzipped-fmu-dir> [-p name=value]... [--start s] [--stop s] [--interval s]
 *            [--max-step s] [--no-stop-time] [-o result.csv]
 *
 * Writes time and every output variable (Real, Integer, Boolean) as CSV ("%.16g") at the end,
 * with a row before and after every event and one at every other output point (start + n * interval);
 * prints CVODE's statistics and the run's own wall time on stdout, the FMU's log on stderr.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "fmi2.h"

#define TOLERANCE 1e-4

/* ---- modelDescription.xml, by plain string scanning (enough for the attributes needed
 * here: no libxml2 to build against, comments skipped, the five predefined entities) ---- */

enum var_type { REAL, INTEGER, BOOLEAN, OTHER };

typedef struct {
    char *name;
    fmi2ValueReference vr;
    enum var_type type;
    int output;
} variable;

typedef struct {
    char *model_identifier;
    char *guid;
    size_t states;     /* Real variables with a derivative attribute */
    size_t indicators; /* numberOfEventIndicators */
    variable *vars;
    size_t nvars;
} model;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("cvode_me: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) die("cannot read %s", path);
    text[size] = '\0';
    fclose(f);
    for (char *c = strstr(text, "<!--"); c; c = strstr(c, "<!--")) { /* blank the comments */
        char *end = strstr(c, "-->");
        if (!end) die("%s: unterminated comment", path);
        memset(c, ' ', (size_t)(end + 3 - c));
    }
    return text;
}

/* The value of attribute `name` in the tag that starts at `tag` (up to its '>'), unescaped;
 * NULL when absent. The leading blank keeps "name" from matching "modelName". */
static char *attribute(const char *tag, const char *name) {
    const char *end = strchr(tag, '>');
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(tag, key);
    if (!at || (end && at > end)) {
        snprintf(key, sizeof key, "\n%s=\"", name);
        at = strstr(tag, key);
        if (!at || (end && at > end)) return NULL;
    }
    at += strlen(key);
    const char *close = strchr(at, '"');
    char *value = malloc((size_t)(close - at) + 1), *out = value;
    static const char *const entities[][2] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}};
    while (at < close) {
        size_t i = 0;
        for (; i < 5; i++)
            if (strncmp(at, entities[i][0], strlen(entities[i][0])) == 0) break;
        if (i < 5) {
            *out++ = entities[i][1][0];
            at += strlen(entities[i][0]);
        } else {
            *out++ = *at++;
        }
    }
    *out = '\0';
    return value;
}

static model read_model(const char *dir) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/modelDescription.xml", dir);
    char *xml = read_text(path);
    model m = {0};
    const char *root = strstr(xml, "<fmiModelDescription");
    const char *me = strstr(xml, "<ModelExchange");
    if (!root || !me) die("%s: no Model Exchange interface", path);
    m.guid = attribute(root, "guid");
    m.model_identifier = attribute(me, "modelIdentifier");
    char *n = attribute(root, "numberOfEventIndicators");
    m.indicators = n ? strtoul(n, NULL, 10) : 0;
    size_t capacity = 16;
    m.vars = malloc(capacity * sizeof *m.vars);
    for (const char *v = strstr(xml, "<ScalarVariable"); v; v = strstr(v + 1, "<ScalarVariable")) {
        const char *next = strstr(v + 1, "<ScalarVariable");
        const char *type = strchr(v, '>') + 1; /* the type element follows the opening tag */
        while (*type && *type != '<') type++;
        variable var = {attribute(v, "name"), 0, OTHER, 0};
        char *vr = attribute(v, "valueReference"), *causality = attribute(v, "causality");
        if (!var.name || !vr) die("%s: a ScalarVariable without name or valueReference", path);
        var.vr = (fmi2ValueReference)strtoul(vr, NULL, 10);
        var.output = causality && strcmp(causality, "output") == 0;
        if (strncmp(type, "<Real", 5) == 0) {
            var.type = REAL;
            char *derivative = attribute(type, "derivative");
            if (derivative && (!next || type < next)) m.states++;
        } else if (strncmp(type, "<Integer", 8) == 0 || strncmp(type, "<Enumeration", 12) == 0) {
            var.type = INTEGER;
        } else if (strncmp(type, "<Boolean", 8) == 0) {
            var.type = BOOLEAN;
        }
        if (m.nvars == capacity) m.vars = realloc(m.vars, (capacity *= 2) * sizeof *m.vars);
        m.vars[m.nvars++] = var;
    }
    free(xml);
    if (!m.model_identifier || !m.guid) die("%s: no modelIdentifier or guid", path);
    return m;
}

/* ---- the FMU's functions, by dlsym ---- */

#define FMI2_FUNCTIONS(X)                                                                  \
    X(fmi2Instantiate) X(fmi2FreeInstance) X(fmi2SetupExperiment)                          \
    X(fmi2EnterInitializationMode) X(fmi2ExitInitializationMode) X(fmi2Terminate)         \
    X(fmi2GetReal) X(fmi2GetInteger) X(fmi2GetBoolean) X(fmi2SetReal) X(fmi2SetInteger)   \
    X(fmi2SetBoolean) X(fmi2EnterEventMode) X(fmi2NewDiscreteStates)                       \
    X(fmi2EnterContinuousTimeMode) X(fmi2CompletedIntegratorStep) X(fmi2SetTime)           \
    X(fmi2SetContinuousStates) X(fmi2GetDerivatives) X(fmi2GetEventIndicators)             \
    X(fmi2GetContinuousStates)

static struct {
#define FIELD(f) __typeof__(f) *f;
    FMI2_FUNCTIONS(FIELD)
#undef FIELD
} fmu;

static fmi2Component instance;

static void check(fmi2Status status, const char *function) {
    if (status > fmi2Warning) die("%s returned status %d", function, (int)status);
}
#define CALL(f, ...) check(fmu.f(instance, __VA_ARGS__), #f)
#define CALL0(f) check(fmu.f(instance), #f)

static void logger(fmi2ComponentEnvironment env, fmi2String name, fmi2Status status,
                   fmi2String category, fmi2String message, ...) {
    (void)env;
    va_list ap;
    va_start(ap, message);
    fprintf(stderr, "[%s] %s (status %d): ", name ? name : "", category ? category : "", (int)status);
    vfprintf(stderr, message, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- CVODE's callbacks: the FMU's derivatives and event indicators at (t, x) ---- */

static size_t nx; /* the FMU's states (CVODE integrates one dummy state when it has none) */

static int rhs(sunrealtype t, N_Vector x, N_Vector dx, void *user_data) {
    (void)user_data;
    if (fmu.fmi2SetTime(instance, t) > fmi2Warning) return -1;
    if (nx == 0) {
        NV_Ith_S(dx, 0) = 0;
        return 0;
    }
    if (fmu.fmi2SetContinuousStates(instance, NV_DATA_S(x), nx) > fmi2Warning) return -1;
    return fmu.fmi2GetDerivatives(instance, NV_DATA_S(dx), nx) > fmi2Warning ? -1 : 0;
}

static size_t nz;

static int roots(sunrealtype t, N_Vector x, sunrealtype *z, void *user_data) {
    (void)user_data;
    if (fmu.fmi2SetTime(instance, t) > fmi2Warning) return -1;
    if (nx > 0 && fmu.fmi2SetContinuousStates(instance, NV_DATA_S(x), nx) > fmi2Warning) return -1;
    return fmu.fmi2GetEventIndicators(instance, z, nz) > fmi2Warning ? -1 : 0;
}

/* ---- the recorded rows: time and the outputs, in memory until the end ---- */

static struct {
    fmi2ValueReference *real, *integer, *boolean;
    size_t nreal, ninteger, nboolean;
    double *rows;
    size_t nrows, capacity, width; /* width = 1 + outputs */
    fmi2Integer *ibuf;
    fmi2Boolean *bbuf;
} out;

static void record(double time) {
    if (out.nrows == out.capacity) {
        out.capacity = out.capacity ? out.capacity * 2 : 4096;
        out.rows = realloc(out.rows, out.capacity * out.width * sizeof *out.rows);
        if (!out.rows) die("out of memory for %zu rows", out.capacity);
    }
    double *row = out.rows + out.nrows++ * out.width;
    row[0] = time;
    double *v = row + 1;
    if (out.nreal) CALL(fmi2GetReal, out.real, out.nreal, v);
    v += out.nreal;
    if (out.ninteger) CALL(fmi2GetInteger, out.integer, out.ninteger, out.ibuf);
    for (size_t i = 0; i < out.ninteger; i++) *v++ = out.ibuf[i];
    if (out.nboolean) CALL(fmi2GetBoolean, out.boolean, out.nboolean, out.bbuf);
    for (size_t i = 0; i < out.nboolean; i++) *v++ = out.bbuf[i];
}

static void select_outputs(const model *m) {
    out.real = malloc((m->nvars + 1) * sizeof *out.real);
    out.integer = malloc((m->nvars + 1) * sizeof *out.integer);
    out.boolean = malloc((m->nvars + 1) * sizeof *out.boolean);
    out.ibuf = malloc((m->nvars + 1) * sizeof *out.ibuf);
    out.bbuf = malloc((m->nvars + 1) * sizeof *out.bbuf);
    for (size_t i = 0; i < m->nvars; i++) {
        const variable *v = &m->vars[i];
        if (!v->output) continue;
        if (v->type == REAL) out.real[out.nreal++] = v->vr;
        if (v->type == INTEGER) out.integer[out.ninteger++] = v->vr;
        if (v->type == BOOLEAN) out.boolean[out.nboolean++] = v->vr;
    }
    out.width = 1 + out.nreal + out.ninteger + out.nboolean;
}

static void write_csv(const char *path, const model *m) {
    FILE *f = fopen(path, "w");
    if (!f) die("cannot write %s", path);
    fputs("time", f);
    static const enum var_type order[] = {REAL, INTEGER, BOOLEAN}; /* the order of record() */
    for (size_t k = 0; k < 3; k++)
        for (size_t i = 0; i < m->nvars; i++)
            if (m->vars[i].output && m->vars[i].type == order[k]) fprintf(f, ",%s", m->vars[i].name);
    fputc('\n', f);
    for (size_t r = 0; r < out.nrows; r++) {
        const double *row = out.rows + r * out.width;
        for (size_t c = 0; c < out.width; c++) fprintf(f, c ? ",%.16g" : "%.16g", row[c]);
        fputc('\n', f);
    }
    if (fclose(f) != 0) die("cannot write %s", path);
}

static void set_start(const model *m, const char *assignment) {
    const char *eq = strchr(assignment, '=');
    if (!eq) die("-p %s: expected name=value", assignment);
    size_t len = (size_t)(eq - assignment);
    for (size_t i = 0; i < m->nvars; i++) {
        const variable *v = &m->vars[i];
        if (strlen(v->name) != len || strncmp(v->name, assignment, len) != 0) continue;
        if (v->type == REAL) {
            fmi2Real x = strtod(eq + 1, NULL);
            CALL(fmi2SetReal, &v->vr, 1, &x);
        } else if (v->type == INTEGER) {
            fmi2Integer x = (fmi2Integer)strtol(eq + 1, NULL, 10);
            CALL(fmi2SetInteger, &v->vr, 1, &x);
        } else if (v->type == BOOLEAN) {
            fmi2Boolean x = strcmp(eq + 1, "true") == 0 || strcmp(eq + 1, "1") == 0;
            CALL(fmi2SetBoolean, &v->vr, 1, &x);
        } else {
            die("-p %s: only Real, Integer and Boolean variables", assignment);
        }
        return;
    }
    die("-p %s: no variable %.*s in the model description", assignment, (int)len, assignment);
}

/* Event mode until no new discrete states are needed (FMI 2.0, 3.1, the event iteration). */
static void handle_event(fmi2EventInfo *info, int *terminate) {
    CALL0(fmi2EnterEventMode);
    info->newDiscreteStatesNeeded = fmi2True;
    while (info->newDiscreteStatesNeeded && !info->terminateSimulation) CALL(fmi2NewDiscreteStates, info);
    *terminate = info->terminateSimulation;
    if (!*terminate) CALL0(fmi2EnterContinuousTimeMode);
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void cvode_check(int flag, const char *function) {
    if (flag < 0) die("%s failed with flag %d", function, flag);
}

/* CVODE's counters over the whole run: CVodeReInit sets them back to zero. */
static struct {
    long steps, rhs, lin_rhs, jacobians, roots;
} totals;

static void add_counters(void *cvode) {
    long v;
    CVodeGetNumSteps(cvode, &v), totals.steps += v;
    CVodeGetNumRhsEvals(cvode, &v), totals.rhs += v;
    CVodeGetNumLinRhsEvals(cvode, &v), totals.lin_rhs += v;
    CVodeGetNumJacEvals(cvode, &v), totals.jacobians += v;
    CVodeGetNumGEvals(cvode, &v), totals.roots += v;
}

int main(int argc, char **argv) {
    if (argc < 2) die("usage: cvode_me <unzipped-fmu-dir> [-p name=value]... [--start s] [--stop s] "
                      "[--interval s] [--max-step s] [--no-stop-time] [-o result.csv]");
    double start_wall = seconds();
    const char *dir = argv[1], *result = "result.csv";
    double start = 0, stop = 1, interval = 0, max_step = 0;
    int stop_time = 1;
    for (int i = 2; i < argc; i++) {
        if (i + 1 >= argc && strcmp(argv[i], "--no-stop-time") != 0) die("%s: missing value", argv[i]);
        if (strcmp(argv[i], "--start") == 0) start = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "--stop") == 0) stop = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "--interval") == 0) interval = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "--max-step") == 0) max_step = strtod(argv[++i], NULL);
        else if (strcmp(argv[i], "-o") == 0) result = argv[++i];
        else if (strcmp(argv[i], "--no-stop-time") == 0) stop_time = 0;
        else if (strcmp(argv[i], "-p") == 0) i++; /* applied after fmi2Instantiate */
        else die("unknown argument %s", argv[i]);
    }
    if (interval <= 0) interval = (stop - start) / 500;
    model m = read_model(dir);
    nx = m.states;
    nz = m.indicators;

    char path[PATH_MAX + 64], resources[PATH_MAX + 32], absolute[PATH_MAX];
    if (!realpath(dir, absolute)) die("%s: no such folder", dir);
    snprintf(path, sizeof path, "%s/binaries/linux64/%s.so", absolute, m.model_identifier);
    snprintf(resources, sizeof resources, "file://%s/resources", absolute);
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) die("dlopen: %s", dlerror());
#define LOOKUP(f) \
    if (!(*(void **)&fmu.f = dlsym(library, #f))) die("%s: no symbol %s", path, #f);
    FMI2_FUNCTIONS(LOOKUP)
#undef LOOKUP

    static const fmi2CallbackFunctions callbacks = {logger, calloc, free, NULL, NULL};
    instance = fmu.fmi2Instantiate("instance", fmi2ModelExchange, m.guid, resources, &callbacks,
                                   fmi2False, fmi2False);
    if (!instance) die("fmi2Instantiate returned NULL");
    for (int i = 2; i + 1 < argc; i++)
        if (strcmp(argv[i], "-p") == 0) set_start(&m, argv[++i]);
    CALL(fmi2SetupExperiment, fmi2False, 0, start, fmi2True, stop);
    CALL0(fmi2EnterInitializationMode);
    CALL0(fmi2ExitInitializationMode);
    fmi2EventInfo info = {.newDiscreteStatesNeeded = fmi2True};
    while (info.newDiscreteStatesNeeded && !info.terminateSimulation) CALL(fmi2NewDiscreteStates, &info);
    int terminate = info.terminateSimulation;
    if (!terminate) CALL0(fmi2EnterContinuousTimeMode);
    select_outputs(&m);

    SUNContext context;
    cvode_check(SUNContext_Create(NULL, &context), "SUNContext_Create");
    sunindextype n = nx > 0 ? (sunindextype)nx : 1;
    N_Vector x = N_VNew_Serial(n, context), abstol = N_VNew_Serial(n, context);
    N_VConst(0, x);
    if (nx > 0) CALL(fmi2GetContinuousStates, NV_DATA_S(x), nx);
    N_VConst(TOLERANCE, abstol);
    void *cvode = CVodeCreate(CV_BDF, context);
    if (!cvode) die("CVodeCreate failed");
    double time = start;
    cvode_check(CVodeInit(cvode, rhs, time, x), "CVodeInit");
    cvode_check(CVodeSVtolerances(cvode, TOLERANCE, abstol), "CVodeSVtolerances");
    if (nz > 0) cvode_check(CVodeRootInit(cvode, (int)nz, roots), "CVodeRootInit");
    SUNMatrix matrix = SUNDenseMatrix(n, n, context);
    SUNLinearSolver solver = SUNLinSol_Dense(x, matrix, context);
    cvode_check(CVodeSetLinearSolver(cvode, solver, matrix), "CVodeSetLinearSolver");
    /* Steps may pass the output points, not the stop time: an FMU returns fmi2Error for a time
     * past the stop time given to fmi2SetupExperiment (FMI 2.0.5, 2.1.6), as the plant does.
     * --no-stop-time lets the last step pass it too (fmusim's way: the Reference FMUs' *_me_ref.csv
     * come out identical then; with the stop time the rows of the last step differ). */
    if (stop_time) cvode_check(CVodeSetStopTime(cvode, stop), "CVodeSetStopTime");
    /* Not fmusim's: a bound on the step, to check the loop against a run that cannot step
     * across a whole day (CVodeReInit keeps it). */
    if (max_step > 0) cvode_check(CVodeSetMaxStep(cvode, max_step), "CVodeSetMaxStep");

    record(time);
    long events = 0;
    double loop_start = seconds();
    /* The output points lie on the grid start + k * interval, as in the Reference FMUs' results
     * (0.6000000000000001 = 3 * 0.2) and in bt-fmu's and OMSimulator's; between events that is
     * time + interval. */
    for (long k = 1; !terminate && time < stop; ) {
        double next_point = start + (double)k * interval;
        if (next_point > stop) next_point = stop;
        double next = next_point;
        if (info.nextEventTimeDefined && info.nextEventTime < next) next = info.nextEventTime;
        if (nx > 0) CALL(fmi2GetContinuousStates, NV_DATA_S(x), nx);
        int flag = CVode(cvode, next, x, &time, CV_NORMAL);
        cvode_check(flag, "CVode");
        if (nx > 0) CALL(fmi2SetContinuousStates, NV_DATA_S(x), nx);
        CALL(fmi2SetTime, time);
        fmi2Boolean step_event = fmi2False, terminate_step = fmi2False;
        CALL(fmi2CompletedIntegratorStep, fmi2True, &step_event, &terminate_step);
        if (terminate_step) break;
        int time_event = info.nextEventTimeDefined && time >= info.nextEventTime;
        int event = flag == CV_ROOT_RETURN || time_event || step_event;
        if (event) {
            record(time);
            handle_event(&info, &terminate);
            record(time); /* also when the FMU asks to terminate: its last values */
            events++;
            if (terminate) break;
            if (nx > 0) CALL(fmi2GetContinuousStates, NV_DATA_S(x), nx);
            add_counters(cvode);
            cvode_check(CVodeReInit(cvode, time, x), "CVodeReInit");
            if (stop_time) cvode_check(CVodeSetStopTime(cvode, stop), "CVodeSetStopTime");
        }
        if (time == next_point) { /* an event's second row stands for the output point */
            if (!event) record(time);
            k++;
        }
    }
    check(fmu.fmi2Terminate(instance), "fmi2Terminate");

    add_counters(cvode);
    double loop_end = seconds();
    write_csv(result, &m);
    fmu.fmi2FreeInstance(instance);
    printf("CVODE: %ld steps, %ld right-hand-side evaluations (+%ld for %ld difference-quotient "
           "Jacobians), %ld root-function evaluations, %ld events\n",
           totals.steps, totals.rhs, totals.lin_rhs, totals.jacobians, totals.roots, events);
    double end = seconds();
    printf("the loop %.3f s, writing %zu rows to %s %.3f s: in %.3f s wall time\n", loop_end - loop_start,
           out.nrows, result, end - loop_end, end - start_wall);
    CVodeFree(&cvode);
    SUNLinSolFree(solver);
    SUNMatDestroy(matrix);
    N_VDestroy(x);
    N_VDestroy(abstol);
    SUNContext_Free(&context);
    return 0;
}
