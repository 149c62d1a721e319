/*
 * The checks of the C importer tests (importer.c, me_importer.c, host_integrity.c): counted, and each failure
 * printed with its line. Each test's logger keeps the FMU's last message in last_message and
 * counts messages, so that REJECTED can ask for the message an error must come with.
 */
#ifndef BTFMU_CHECKS_H
#define BTFMU_CHECKS_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int failures;
static int checks;
static char last_message[8192];
static int messages;

#define CHECK(condition, ...)                                        \
    do {                                                             \
        checks++;                                                    \
        if (!(condition)) {                                          \
            failures++;                                              \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);              \
            printf(__VA_ARGS__);                                     \
            printf("\n");                                            \
        }                                                            \
    } while (0)

#define OK(call) CHECK((call) == fmi2OK, "%s did not return fmi2OK", #call)

/* The call returns fmi2Error and logs a message that contains the expected text. */
#define REJECTED(call, text)                                                                    \
    do {                                                                                        \
        int before = messages;                                                                  \
        fmi2Status status = (call);                                                             \
        CHECK(status == fmi2Error, "%s returned %d, expected fmi2Error", #call, (int)status);    \
        CHECK(messages > before && strstr(last_message, text) != NULL,                          \
              "%s logged \"%s\", expected a message with \"%s\"", #call,                        \
              messages > before ? last_message : "nothing", text);                              \
    } while (0)

#ifdef BTFMU_FMI2_H
/*
 * An FMI 2.0 logger that only records: the last message and the count (for REJECTED). Inline
 * so that a test with a logger of its own (importer.c prints each message) does not warn it is
 * unused; FMI 3.0 tests have their own logger signature.
 */
static inline void recording_logger(fmi2ComponentEnvironment env, fmi2String instance,
                                    fmi2Status status, fmi2String category, fmi2String message,
                                    ...)
{
    (void)env;
    (void)instance;
    (void)status;
    (void)category;
    va_list args;
    va_start(args, message);
    vsnprintf(last_message, sizeof last_message, message, args);
    va_end(args);
    messages++;
}
#endif

#endif
