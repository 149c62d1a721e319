/*
 * The plant core both FMI layers share (slave.c for FMI 2.0, slave3.c for FMI 3.0): what is
 * done on the model's variable table and state struct, with no FMI type in it. Each layer
 * keeps its own instance, state machine, logging and entry points, and calls these with the
 * model's state struct. Static functions, included by each layer, so that a layer still builds
 * from its own .c file and the model's.
 */
#ifndef BTFMU_PLANT_H
#define BTFMU_PLANT_H

#include <math.h>
#include <string.h>

#include "model.h"

/* The most discrete outputs held across a calculation in Continuous-Time Mode. */
#define PLANT_MAX_HELD 256

static inline void *plant_field(void *model, const ModelVariable *v) { return (char *)model + v->offset; }

/* The continuous states: none for a model without derivatives (Co-Simulation only). */
static inline size_t plant_state_count(void) { return MODEL.derivatives != NULL ? MODEL.continuous_state_count : 0; }

static inline int plant_is_continuous_state(const ModelVariable *v) {
    for (size_t k = 0; k < plant_state_count(); k++)
        if (strcmp(v->name, MODEL.continuous_states[k]) == 0) return 1;
    return 0;
}

/* Address of continuous state k in the model's state struct (describe*.c refuse a model that
 * names a state missing from its table). */
static inline double *plant_state_field(void *model, size_t k) {
    for (size_t i = 0; i < MODEL.variable_count; i++)
        if (strcmp(MODEL.variables[i].name, MODEL.continuous_states[k]) == 0)
            return (double *)plant_field(model, &MODEL.variables[i]);
    return NULL;
}

/* Which variables may be set now: parameters are fixed, so settable only until initialization
 * ends (parameters_open); inputs always, in Continuous-Time Mode the continuous ones only;
 * outputs never, except the continuous states in Continuous-Time Mode. */
static inline int plant_settable(const ModelVariable *v, int continuous_time_mode, int parameters_open) {
    if (continuous_time_mode && plant_is_continuous_state(v)) return 1;
    if (v->causality == CAUSALITY_OUTPUT) return 0;
    if (v->causality == CAUSALITY_PARAMETER) return parameters_open;
    if (continuous_time_mode) return !v->discrete;
    return 1;
}

/* Start values of parameters and inputs, zero (or "") for outputs; strings through the layer's
 * slave_copy_string, in the memory the layer allocates from. */
static inline void plant_set_start_values(void *model) {
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        void *f = plant_field(model, v);
        switch (v->type) {
        case TYPE_REAL: *(double *)f = v->causality == CAUSALITY_OUTPUT ? 0.0 : v->start; break;
        case TYPE_INTEGER:
        case TYPE_ENUMERATION:
        case TYPE_BOOLEAN: *(int *)f = v->causality == CAUSALITY_OUTPUT ? 0 : (int)v->start; break;
        case TYPE_STRING:
            slave_copy_string(model, (char **)f,
                              v->causality == CAUSALITY_OUTPUT || v->start_string == NULL ? "" : v->start_string);
            break;
        }
    }
}

/* Releases every String variable with the layer's release (the one its strings came from). */
static inline void plant_free_strings(void *model, void (*release)(void *)) {
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (v->type != TYPE_STRING) continue;
        char **f = (char **)plant_field(model, v);
        if (*f != NULL) release(*f);
        *f = NULL;
    }
}

/* The discrete Integer, Enumeration and Boolean outputs, which hold between events. */
static inline int plant_held(const ModelVariable *v) {
    return v->causality == CAUSALITY_OUTPUT && v->discrete && v->type != TYPE_STRING && v->type != TYPE_REAL;
}

/* The outputs in Continuous-Time Mode: discrete outputs change only at events, so the
 * calculation keeps their values (saved per call: instances in other threads hold their own). */
static inline void plant_calculate_continuous(void *model, double time) {
    int saved[PLANT_MAX_HELD];
    size_t n = 0;
    for (size_t i = 0; i < MODEL.variable_count && n < PLANT_MAX_HELD; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (!plant_held(v)) continue;
        saved[n++] = *(int *)plant_field(model, v);
    }
    MODEL.calculate(model, time);
    n = 0;
    for (size_t i = 0; i < MODEL.variable_count && n < PLANT_MAX_HELD; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (!plant_held(v)) continue;
        *(int *)plant_field(model, v) = saved[n++];
    }
}

/* 1 if every Real output is finite, else 0 with *bad naming the first that is not. */
static inline int plant_outputs_finite(void *model, const char **bad) {
    for (size_t i = 0; i < MODEL.variable_count; i++) {
        const ModelVariable *v = &MODEL.variables[i];
        if (v->type == TYPE_REAL && v->causality == CAUSALITY_OUTPUT && !isfinite(*(double *)plant_field(model, v))) {
            *bad = v->name;
            return 0;
        }
    }
    return 1;
}

/* Whether the category is one of the modelDescription's <LogCategories>. */
static inline int plant_declared_category(const char *category) {
    for (size_t i = 0; i < LOG_CATEGORY_COUNT; i++)
        if (strcmp(category, LOG_CATEGORIES[i][0]) == 0) return 1;
    return 0;
}

#endif
