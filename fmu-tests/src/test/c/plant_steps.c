/*
 * The same small FMI 2.0 Co-Simulation importer for Linux (dlopen) and Windows (LoadLibraryA,
 * built with MinGW-w64 and run under Wine by Win64WineTest): prints fmi2GetVersion and
 * fmi2GetTypesPlatform, instantiates, and, given a count of value references, takes 200 steps
 * printing every Real as the hex of its bits, so that two platforms compare bit for bit.
 *   plant_steps <library> <guid> <resource URI> [<value references>]
 * With --fmi3 first, an FMI 3.0 library: prints fmi3GetVersion and whether
 * fmi3InstantiateCoSimulation made an instance:
 *   plant_steps --fmi3 <library> <instantiation token> <resource path>
 * The FMU's log messages go to stderr.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2.h"
#include "fmi3.h"

#ifdef _WIN32
#include <windows.h>
#define OPEN(path) ((void *)LoadLibraryA(path))
#define SYMBOL(lib, name) ((void *)GetProcAddress((HMODULE)(lib), name))
#else
#include <dlfcn.h>
#define OPEN(path) dlopen(path, RTLD_NOW)
#define SYMBOL(lib, name) dlsym(lib, name)
#endif

typedef fmi2Component Instantiate(fmi2String, fmi2Type, fmi2String, fmi2String,
                                  const fmi2CallbackFunctions *, fmi2Boolean, fmi2Boolean);
typedef fmi2Status SetupExperiment(fmi2Component, fmi2Boolean, fmi2Real, fmi2Real, fmi2Boolean,
                                   fmi2Real);
typedef fmi2Status InComponent(fmi2Component);
typedef void FreeInstance(fmi2Component);
typedef fmi2Status DoStep(fmi2Component, fmi2Real, fmi2Real, fmi2Boolean);
typedef fmi2Status GetReal(fmi2Component, const fmi2ValueReference *, size_t, fmi2Real *);

static void logger(fmi2ComponentEnvironment environment, fmi2String instance, fmi2Status status,
                   fmi2String category, fmi2String message, ...)
{
    (void)environment; (void)status; (void)category;
    va_list args;
    va_start(args, message);
    fprintf(stderr, "%s: ", instance);
    vfprintf(stderr, message, args);
    fprintf(stderr, "\n");
    va_end(args);
}

static void logger3(fmi3InstanceEnvironment environment, fmi3Status status, fmi3String category,
                    fmi3String message)
{
    (void)environment; (void)status; (void)category;
    fprintf(stderr, "plant_steps: %s\n", message);
}

typedef fmi3Instance Instantiate3(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean,
                                  fmi3Boolean, fmi3Boolean, const fmi3ValueReference[], size_t,
                                  fmi3InstanceEnvironment, fmi3LogMessageCallback,
                                  fmi3IntermediateUpdateCallback);

static int instantiate_fmi3(const char *library, const char *token, const char *resources)
{
    void *lib = OPEN(library);
    if (lib == NULL) {
        printf("cannot load %s\n", library);
        return 2;
    }
    const char *(*version)(void) = (const char *(*)(void))SYMBOL(lib, "fmi3GetVersion");
    Instantiate3 *instantiate = (Instantiate3 *)SYMBOL(lib, "fmi3InstantiateCoSimulation");
    printf("version %s\n", version());
    fmi3Instance instance = instantiate("plant_steps", token, resources, fmi3False, fmi3False,
                                        fmi3False, fmi3False, NULL, 0, NULL, logger3, NULL);
    printf("instance %s\n", instance != NULL ? "created" : "NULL");
    if (instance != NULL) {
        ((void (*)(fmi3Instance))SYMBOL(lib, "fmi3FreeInstance"))(instance);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--fmi3") == 0) {
        return instantiate_fmi3(argv[2], argv[3], argv[4]);
    }
    if (argc < 4) {
        fprintf(stderr, "usage: plant_steps <library> <guid> <resource URI> [<value references>]\n");
        return 2;
    }
    void *lib = OPEN(argv[1]);
    if (lib == NULL) {
        printf("cannot load %s\n", argv[1]);
        return 2;
    }
    const char *(*version)(void) = (const char *(*)(void))SYMBOL(lib, "fmi2GetVersion");
    const char *(*platform)(void) = (const char *(*)(void))SYMBOL(lib, "fmi2GetTypesPlatform");
    Instantiate *instantiate = (Instantiate *)SYMBOL(lib, "fmi2Instantiate");
    printf("version %s platform %s\n", version(), platform());
    fmi2CallbackFunctions callbacks = {logger, calloc, free, NULL, NULL};
    fmi2Component c = instantiate("plant_steps", fmi2CoSimulation, argv[2], argv[3], &callbacks,
                                  fmi2False, fmi2False);
    printf("instance %s\n", c != NULL ? "created" : "NULL");
    if (c == NULL || argc < 5) {
        return 0;
    }
    ((SetupExperiment *)SYMBOL(lib, "fmi2SetupExperiment"))(c, fmi2False, 0, 0, fmi2False, 0);
    ((InComponent *)SYMBOL(lib, "fmi2EnterInitializationMode"))(c);
    ((InComponent *)SYMBOL(lib, "fmi2ExitInitializationMode"))(c);
    DoStep *step = (DoStep *)SYMBOL(lib, "fmi2DoStep");
    GetReal *get = (GetReal *)SYMBOL(lib, "fmi2GetReal");
    int references = atoi(argv[4]);
    for (int k = 0; k < 200; k++) {
        fmi2Status status = step(c, k * 0.05, 0.05, fmi2True);
        printf("%d status %d\n", k, (int)status);
        for (int r = 0; r < references; r++) {
            fmi2ValueReference reference = (fmi2ValueReference)r;
            fmi2Real value = 0;
            if (get(c, &reference, 1, &value) == fmi2OK) {
                unsigned long long bits;
                memcpy(&bits, &value, sizeof bits);
                printf("%d %d %016llx\n", k, r, bits);
            }
        }
    }
    ((FreeInstance *)SYMBOL(lib, "fmi2FreeInstance"))(c);
    return 0;
}
