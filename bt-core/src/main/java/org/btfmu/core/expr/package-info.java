/**
 * The expression language of mission files: predicates, output values and
 * assignments, compiled once against the blackboard's slots and then
 * evaluated without allocation.
 *
 * <h2>Why a hand-written parser</h2>
 * The language is small (one precedence ladder, nine keywords, fourteen
 * functions) and its safety properties are easiest to prove when nothing
 * else is in the loop: the parser only builds the node classes of
 * {@code Nodes}, so an expression cannot reach Java classes, reflection,
 * files or the network; names resolve only to slots; types are checked at
 * compile time; errors carry the column. Script engines and EL libraries
 * would have to be sandboxed to get the same guarantees, and most of them
 * resolve names and types only at run time.
 *
 * <h2>Syntax</h2>
 * <pre>
 * expression  = 'if' expression 'then' expression 'else' expression | or
 * or          = and { 'or' and }
 * and         = not { 'and' not }
 * not         = 'not' not | comparison
 * comparison  = sum [ ('&lt;' | '&lt;=' | '&gt;' | '&gt;=' | '==' | '!=') sum ]   (not chainable)
 * sum         = product { ('+' | '-') product }
 * product     = unary { ('*' | '/') unary }
 * unary       = '-' unary | primary
 * primary     = number | string | 'true' | 'false' | name | function '(' args ')'
 *             | '(' expression ')' | 'if' ...
 * </pre>
 * Numbers: {@code 12} is an Integer (32 bit), {@code 12.0}, {@code 1e3} are
 * Reals. Strings: {@code 'text'} or {@code "text"}; a backslash escapes the
 * quote or itself. Names: identifiers, optionally dotted ({@code wing.left.flap}).
 * Keywords cannot be used as names.
 *
 * <h2>Types (Real, Integer, Boolean, String)</h2>
 * <ul>
 * <li>Integer is promoted to Real wherever a Real is needed: in mixed
 *   arithmetic, comparisons, if-branches, function arguments and when a Real
 *   is expected (a Real output, a Real parameter). A Real is never narrowed to
 *   Integer implicitly.</li>
 * <li>{@code + - *} of two Integers is an Integer (wrapping around on
 *   overflow like Java's {@code int}); {@code /} is always Real division.</li>
 * <li>{@code < <= > >=} need numbers; {@code == !=} also compare two Booleans
 *   or two Strings. Comparisons with NaN are false, except {@code !=}.</li>
 * <li>{@code and or not} need Booleans ({@code and}/{@code or} short-circuit);
 *   {@code if c then a else b} needs a Boolean {@code c} and branches of one
 *   type (or two numbers, promoted to Real).</li>
 * <li>Functions: {@code abs floor ceil min max clamp} keep Integer when all
 *   arguments are Integers (floor and ceil of an Integer are the identity),
 *   otherwise Real; {@code sqrt exp log sin cos tan atan2 hypot} are Real.
 *   {@code min}/{@code max} take two or more arguments;
 *   {@code clamp(x, lo, hi)} = {@code min(max(x, lo), hi)}. Math domain
 *   errors give NaN or infinities (IEEE 754), never an exception; what a
 *   mission does when such a value reaches a predicate or an output is its
 *   {@code nonFinite} option (see {@code org.btfmu.mission}), and
 *   {@code RangeCheck} finds, before a run, the operations whose operands can
 *   reach their bad domain within the variables' declared ranges.</li>
 * </ul>
 *
 * <h2>Crossing functions and hysteresis</h2>
 * A numeric ordering comparison {@code a op b} has a crossing function (Real)
 * whose sign change is its switching point, positive while the comparison holds:
 * {@code a - b} for {@code >} and {@code >=}, {@code b - a} for {@code <} and
 * {@code <=}; {@code not} negates its operand's. {@code Expression.crossings()}
 * lists those of every comparison inside an expression: the event indicators of
 * a Model Exchange FMU. The Condition task's {@code hysteresis} parameter is
 * the language's hysteresis helper: with hysteresis h, the condition keeps
 * its last result while the crossing function lies within [-h, h] and
 * follows the predicate outside ({@code altitude >= 300} with h = 20 turns
 * true above 320 m and false below 280 m).
 *
 * <h2>Limits</h2>
 * At most {@value org.btfmu.core.expr.ExpressionParser#MAX_LENGTH} characters
 * and {@value org.btfmu.core.expr.ExpressionParser#MAX_DEPTH} levels of
 * nesting, so neither the parser nor the evaluation can overflow the stack.
 */
package org.btfmu.core.expr;
