package org.btfmu.campaign;

/** A campaign file that cannot run as written; the message names the file and the JSON pointer. */
public final class CampaignException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CampaignException(String message) {
        super(message);
    }
}
