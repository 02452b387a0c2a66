package org.drtstudio.render.sampling;

/** A tracer whose shadow-ray lights ({@link ShadowLights}) can be chosen between renders. */
public interface ShadowLightsChoice {
    ShadowLights shadowLights();

    /** Sends shadow rays to {@code lights} from the next render on. Any thread. */
    void useShadowLights(ShadowLights lights);
}
