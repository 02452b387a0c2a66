package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.input.MouseButton;
import org.testfx.api.FxRobot;
import org.testfx.robot.Motion;
import org.testfx.service.query.EmptyNodeQueryException;
import org.testfx.service.query.NodeQuery;
import org.testfx.service.query.PointQuery;
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * TestFX's robot with every look at the scene graph made on the FX thread. TestFX finds a node and
 * works out where it is on the calling thread (TestFX issue 813): that walks children lists and
 * computes lazily cached bounds while the FX thread lays them out, and on a loaded machine it fails
 * at random ({@code IndexOutOfBoundsException: Index -1} in {@code Parent.updateCachedBounds}, seen
 * in CI on a tree row's right click). Here queries are answered and points on nodes worked out on the
 * FX thread; everything else (the motion, the target window) is TestFX's own.
 */
final class FxThreadRobot extends FxRobot {

    private static <T> T onFx(Callable<T> c) {
        try {
            if (Platform.isFxApplicationThread()) return c.call();
            return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
        } catch (RuntimeException e) {
            throw e;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the FX thread", e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The nodes {@code query} finds, found on the FX thread. */
    @Override
    public NodeQuery lookup(String query) {
        List<Node> found = onFx(() -> List.copyOf(super.lookup(query).queryAll()));
        return from(found);
    }

    /** The first visible node {@code query} finds, as TestFX would choose it, found on the FX thread. */
    private Node visible(String query) {
        return onFx(() -> super.lookup(query).match(NodeQueryUtils.isVisible()).tryQuery()
                .orElseThrow(() -> new EmptyNodeQueryException("there is no visible node for the query \"" + query + "\"")));
    }

    /** TestFX's point on {@code node} (its window, position and motion), worked out on the FX thread when the robot asks. */
    @Override
    public PointQuery point(Node node) {
        return new OnFxThread(super.point(node));
    }

    @Override
    public FxRobot clickOn(String query, Motion motion, MouseButton... buttons) {
        return clickOn(visible(query), motion, buttons);
    }

    @Override
    public FxRobot rightClickOn(String query, Motion motion) {
        return rightClickOn(visible(query), motion);
    }

    @Override
    public FxRobot doubleClickOn(String query, Motion motion, MouseButton... buttons) {
        return doubleClickOn(visible(query), motion, buttons);
    }

    @Override
    public FxRobot drag(String query, MouseButton... buttons) {
        return drag(visible(query), buttons);
    }

    @Override
    public FxRobot dropTo(String query) {
        return dropTo(visible(query));
    }

    @Override
    public FxRobot moveTo(String query, Motion motion) {
        return moveTo(visible(query), Pos.CENTER, Point2D.ZERO, motion);
    }

    /** A point query whose answer (the node's bounds on screen) is computed on the FX thread. */
    private record OnFxThread(PointQuery inner) implements PointQuery {
        @Override
        public Point2D query() {
            return onFx(inner::query);
        }

        @Override
        public Point2D getPosition() {
            return inner.getPosition();
        }

        @Override
        public Point2D getOffset() {
            return inner.getOffset();
        }

        @Override
        public PointQuery atPosition(Point2D position) {
            inner.atPosition(position);
            return this;
        }

        @Override
        public PointQuery atPosition(double x, double y) {
            inner.atPosition(x, y);
            return this;
        }

        @Override
        public PointQuery atPosition(Pos position) {
            inner.atPosition(position);
            return this;
        }

        @Override
        public PointQuery atOffset(Point2D offset) {
            inner.atOffset(offset);
            return this;
        }

        @Override
        public PointQuery atOffset(double x, double y) {
            inner.atOffset(x, y);
            return this;
        }

        @Override
        public PointQuery onNode(Node node) {
            inner.onNode(node);
            return this;
        }

        @Override
        public Optional<Motion> queryMotion() {
            return onFx(inner::queryMotion);
        }
    }
}
