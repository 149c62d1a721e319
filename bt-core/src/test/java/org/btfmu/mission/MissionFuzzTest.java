package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded random edits of the example missions (characters deleted, replaced,
 * duplicated, spans cut): loading either succeeds or ends in a
 * {@link MissionException} with at least one problem; never another exception.
 */
class MissionFuzzTest {

    @Test
    void randomEditsOfTheExamples() throws IOException {
        Random random = new Random(2014);
        String alphabet = "{}[]:,\"0123456789.-+eE abcxyzSequenceAction\\";
        int failures = 0;
        for (java.nio.file.Path example : ExamplesTest.examples()) {
            String text = Files.readString(example);
            for (int i = 0; i < 100; i++) {
                StringBuilder edited = new StringBuilder(text);
                for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                    int at = random.nextInt(edited.length());
                    switch (random.nextInt(4)) {
                        case 0 -> edited.deleteCharAt(at);
                        case 1 -> edited.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        case 2 -> edited.insert(at, edited.charAt(at));
                        default -> edited.delete(at, Math.min(edited.length(), at + random.nextInt(40)));
                    }
                }
                try {
                    MissionLoader.load(edited.toString(), example.getFileName().toString());
                } catch (MissionException e) {
                    assertFalse(e.problems().isEmpty());
                    failures++;
                } catch (RuntimeException | StackOverflowError other) {
                    fail(example + " edit " + i + " threw " + other + "\n" + edited, other);
                }
            }
        }
        assertFalse(failures == 0, "the edits must break some missions");
    }
}
