package org.drtstudio.io.cfg;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Trailing {@code //} comments against {@code //} between vectors. */
class CfgCommentsTest {
    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "./debug.obj // location of the model     | 1 | ./debug.obj",
            "./debug.obj //                            | 1 | ./debug.obj",
            "45 // 45 degrees is the default           | 1 | 45",
            "a//b.obj                                  | 1 | a//b.obj",
            "models/x.obj //2nd copy                   | 1 | models/x.obj",
            "1/2/3//0.5/0.5/1                          | 2 | 1/2/3//0.5/0.5/1",
            "4 / 5 / 6 // 1 / 1 / 1                    | 2 | 4 / 5 / 6 // 1 / 1 / 1",
            "4 / 5 / 6 // -1 / 1 / 1                   | 2 | 4 / 5 / 6 // -1 / 1 / 1",
            "2/4/6//1/1/1 // position//colour          | 2 | 2/4/6//1/1/1",
            "2/4/6 // white light                      | 2 | 2/4/6",
            "0/0/5//0/0/-1 // 3 units in front         | 2 | 0/0/5//0/0/-1",
            "1/2/3//1/1/1//1/1/1                       | 2 | 1/2/3//1/1/1//1/1/1",
    })
    void commentsEndTheValueSeparatorsDoNot(String value, int vectors, String expected) {
        assertEquals(expected, CfgComments.strip(value, vectors));
    }
}
