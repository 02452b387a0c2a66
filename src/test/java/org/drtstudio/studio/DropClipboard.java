package org.drtstudio.studio;

import com.sun.javafx.tk.TKClipboard;
import javafx.scene.image.Image;
import javafx.scene.input.DataFormat;
import javafx.scene.input.TransferMode;
import javafx.util.Pair;

import java.security.AccessControlContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The data behind a simulated file drop: what the platform's drag-and-drop would hand a window.
 * (JavaFX's own local clipboard refuses to act as a drag source, so a test supplies this one.)
 */
final class DropClipboard implements TKClipboard {
    private final Map<DataFormat, Object> content = new HashMap<>();

    @Override
    public void setSecurityContext(AccessControlContext ctx) {
    }

    @Override
    public Set<DataFormat> getContentTypes() {
        return content.keySet();
    }

    @SafeVarargs
    @Override
    public final boolean putContent(Pair<DataFormat, Object>... items) {
        for (Pair<DataFormat, Object> p : items) content.put(p.getKey(), p.getValue());
        return true;
    }

    @Override
    public Object getContent(DataFormat format) {
        return content.get(format);
    }

    @Override
    public boolean hasContent(DataFormat format) {
        return content.containsKey(format);
    }

    @Override
    public Set<TransferMode> getTransferModes() {
        return Set.of(TransferMode.COPY);
    }

    @Override
    public void setDragView(Image image) {
    }

    @Override
    public void setDragViewOffsetX(double offsetX) {
    }

    @Override
    public void setDragViewOffsetY(double offsetY) {
    }

    @Override
    public Image getDragView() {
        return null;
    }

    @Override
    public double getDragViewOffsetX() {
        return 0;
    }

    @Override
    public double getDragViewOffsetY() {
        return 0;
    }
}
