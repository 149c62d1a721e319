/*
 * What the two modelDescription.xml writers share (describe.c for FMI 2.0, describe3.c for
 * FMI 3.0): XML escaping, the checks that end the build on a table the layers could not run,
 * and the dependencies of an unknown read off the model's dependency table. Each writer keeps
 * its own elements and attribute names. Static functions, included by each writer.
 */
#ifndef BTFMU_DESCRIPTION_H
#define BTFMU_DESCRIPTION_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plant.h"

/* The most dependencies one unknown may name. */
#define MAX_DEPENDENCIES 64

/* Attribute values in this table are plain ASCII; escape the XML specials anyway. */
static void print_escaped(const char *text) {
    for (; *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*text);
        }
    }
}

/* Whether variable k may be named as a dependency: in Initialization Mode the inputs and
 * parameters (initial="exact"), otherwise the inputs and continuous states (parameters are
 * fixed after initialization, so they are no knowns then). */
static int is_known(size_t k, int initial) {
    Causality c = MODEL.variables[k].causality;
    return c == CAUSALITY_INPUT || (initial ? c == CAUSALITY_PARAMETER : plant_is_continuous_state(&MODEL.variables[k]));
}

static int compare_indices(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* The dependencies of the unknown with this table name, ascending and each once, into
 * found[MAX_DEPENDENCIES]: table indexes, and time as time_index (FMI 3.0 names its independent
 * variable), or time left out when time_index is SIZE_MAX (FMI 2.0 leaves time implicit). A
 * missing entry or a name that is no known there ends the build. Returns the count. */
static size_t dependencies(const char *unknown, int initial, size_t time_index, size_t found[]) {
    const Dependency *d = NULL;
    for (size_t k = 0; k < MODEL.dependency_count; k++)
        if (strcmp(MODEL.dependencies[k].output, unknown) == 0) d = &MODEL.dependencies[k];
    if (d == NULL) {
        fprintf(stderr, "%s: %s has no entry in the dependency table\n", MODEL.identifier, unknown);
        exit(1);
    }
    int named_time = time_index != SIZE_MAX;
    char names[1024];
    snprintf(names, sizeof names, "%s", initial ? d->initial_depends : d->depends);
    size_t count = 0;
    for (char *name = strtok(names, " "); name != NULL; name = strtok(NULL, " ")) {
        int time = strcmp(name, "time") == 0;
        if (time && !named_time) continue;
        size_t k = 0;
        while (k < MODEL.variable_count && strcmp(MODEL.variables[k].name, name) != 0) k++;
        if (count == MAX_DEPENDENCIES || (!time && (k == MODEL.variable_count || !is_known(k, initial)))) {
            fprintf(stderr, "%s: dependency '%s' of %s is not %s\n", MODEL.identifier, name, unknown,
                    named_time ? (initial ? "time, an input or a parameter" : "time, an input or a continuous state")
                               : (initial ? "an input or parameter (initial dependencies)"
                                          : "an input or continuous state"));
            exit(1);
        }
        found[count++] = time ? time_index : k;
    }
    qsort(found, count, sizeof found[0], compare_indices);
    size_t unique = 0;
    for (size_t k = 0; k < count; k++)
        if (unique == 0 || found[unique - 1] != found[k]) found[unique++] = found[k];
    return unique;
}

/* ` dependencies="a b" dependenciesKind="dependent dependent"`, each index plus offset (FMI 2.0
 * counts from 1, FMI 3.0 names value references). */
static void print_dependencies(const size_t found[], size_t count, size_t offset) {
    printf(" dependencies=\"");
    for (size_t k = 0; k < count; k++) printf(k ? " %zu" : "%zu", found[k] + offset);
    putchar('"');
    if (count > 0) {
        printf(" dependenciesKind=\"");
        for (size_t k = 0; k < count; k++) printf(k ? " dependent" : "dependent");
        putchar('"');
    }
}

/* The table index of a continuous state; a name that is no continuous Real output ends the build. */
static size_t state_index(const char *name) {
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (strcmp(v->name, name) == 0 && v->type == TYPE_REAL && v->causality == CAUSALITY_OUTPUT && !v->discrete)
            return i;
    }
    fprintf(stderr, "%s: continuous state %s is not a continuous Real output of the table\n", MODEL.identifier, name);
    exit(1);
}

/* Models with String variables call this from their equations, which a writer never runs. */
void slave_copy_string(void *state, char **field, const char *value) {
    (void)state;
    (void)field;
    (void)value;
}

#endif
